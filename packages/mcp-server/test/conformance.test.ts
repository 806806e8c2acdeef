// The server scenarios of @modelcontextprotocol/conformance (run under Node 22, which it requires)
// against `acctkit-mcp --sandbox --http`. The README lists the scenarios that do not apply, and why.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEnv,
  NODE22,
  PACKAGE_DIR,
  requireBuiltBin,
  run,
  type SpawnedHttp,
  spawnHttp,
} from './e2e-bin.js';

const CONFORMANCE = join(PACKAGE_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** The scenarios that apply to this server; each must pass. */
export const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
] as const;

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
      const output = mkdtempSync(join(tmpdir(), 'conformance-'));
      const result = await run(
        NODE22,
        [CONFORMANCE, 'server', '--url', server.url, '--scenario', scenario, '--output-dir', output],
        { env: cleanEnv(), timeoutMs: 30_000 },
      );
      const report = result.stdout + result.stderr;
      expect(result.code, report).toBe(0);
      // Every check the scenario recorded succeeded (none failed, none only warned its way through).
      const checks = readdirSync(output, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('checks.json'))
        .flatMap(
          (f) => JSON.parse(readFileSync(join(output, f), 'utf8')) as { status: string; id: string }[],
        );
      expect(checks.length, report).toBeGreaterThan(0);
      expect(
        checks.filter((c) => c.status === 'FAILURE'),
        report,
      ).toEqual([]);
    },
    40_000,
  );
});
