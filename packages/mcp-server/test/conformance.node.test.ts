// The server scenarios of @modelcontextprotocol/conformance (run under Node 22, which it requires)
// against `acctkit-mcp --sandbox --http`. The README lists the scenarios that do not apply, and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICABLE_SCENARIOS,
  requireBuiltBin,
  runConformance,
  type SpawnedHttp,
  spawnHttp,
} from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

describe('MCP conformance server scenarios', () => {
  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp(['--sandbox']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(APPLICABLE_SCENARIOS)(
    '%s passes',
    async (scenario) => {
      const { code, report, checks } = await runConformance(server.url, scenario);
      expect(code, report).toBe(0);
      // Every check the scenario recorded succeeded (none failed, none only warned its way through).
      expect(checks.length, report).toBeGreaterThan(0);
      expect(
        checks.filter((c) => c.status === 'FAILURE'),
        report,
      ).toEqual([]);
    },
    40_000,
  );
});
