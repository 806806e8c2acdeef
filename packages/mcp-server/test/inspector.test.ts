// The MCP Inspector's CLI (run under Node 22, as it requires) against the built `acctkit-mcp --sandbox`.
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runInspector as inspector, requireBuiltBin, type SpawnedHttp, spawnHttp } from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

describe('MCP Inspector CLI', () => {
  it('lists the tools of acctkit-mcp --sandbox over stdio', async () => {
    const result = await inspector([process.execPath, BIN, '--sandbox', '--method', 'tools/list']);
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['list_contacts', 'create_expense']),
    );
  }, 60_000);

  it('calls list_contacts over stdio', async () => {
    const result = await inspector([
      process.execPath,
      BIN,
      '--sandbox',
      '--method',
      'tools/call',
      '--tool-name',
      'list_contacts',
      '--tool-arg',
      'business=de',
      'limit=2',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const called = JSON.parse(result.stdout) as {
      isError?: boolean;
      structuredContent: { items: unknown[] };
    };
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent.items).toHaveLength(2);
  }, 60_000);

  describe('over Streamable HTTP', () => {
    let server: SpawnedHttp;
    beforeAll(async () => {
      server = await spawnHttp(['--sandbox']);
      return () => server.stop();
    });

    it('lists the tools', async () => {
      const result = await inspector([server.url, '--method', 'tools/list']);
      expect(result.code, result.stderr).toBe(0);
      expect((JSON.parse(result.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThanOrEqual(19);
    }, 60_000);
  });
});
