// `acctkit-mcp --sandbox` answers its first request before the in-process sandbox starts (importing it,
// seeding the demo data, minting tokens), then starts it; a sandbox that cannot start still ends the
// process with its reason. A better-sqlite3 built for the Node of this run cannot load under Node 24,
// which makes a sandbox that really fails.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, requireBuiltBin } from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

const node24 = fileURLToPath(new URL('../../../tools/node_modules/node24/bin/node', import.meta.url));

describe('acctkit-mcp --sandbox start-up', () => {
  it('answers, lists tools and calls one: the sandbox starts behind the first reply', async () => {
    const client = new Client({ name: 'sandbox-start-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, '--sandbox'],
        env: cleanEnv(),
        stderr: 'pipe',
      }),
    );
    try {
      const tools = await client.listTools();
      expect(tools.tools.length).toBeGreaterThanOrEqual(19);
      const result = await client.callTool({ name: 'list_businesses', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.structuredContent)).toContain('Schneider Werbetechnik GmbH');
    } finally {
      await client.close();
    }
  }, 60_000);

  it.runIf(existsSync(node24) && Number(process.versions.modules) !== 137)(
    'a sandbox that cannot start: the first request is answered, then the process exits 1 with the reason',
    async () => {
      const child = spawn(node24, [BIN, '--sandbox'], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.stdin.write(
        `${JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        })}\n`,
      );
      expect(await exited).toBe(1);
      expect(JSON.parse(stdout.split('\n')[0] ?? '{}')).toMatchObject({
        id: 1,
        result: { serverInfo: { name: 'acctkit' } },
      });
      expect(stderr).toContain('built for another Node.js version');
      expect(stderr).toContain('npm rebuild better-sqlite3');
    },
    60_000,
  );
});
