// `acctkit-mcp serve`, the built bin, as a user runs it: configuration errors name the variable and
// never a value; with the variables set it serves the remote server until SIGTERM, logging each
// request as a JSON line on stdout.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIENT, type RunningServer } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url } from '../src/remote/secrets.js';
import { BIN, cleanEnv, requireBuiltBin, run } from './e2e-bin.js';
import { authorizeWithoutBrowser, exchange, mcpPost, startSandbox, TOOLS_LIST } from './remote-helpers.js';

let sandbox: RunningServer;
beforeAll(async () => {
  requireBuiltBin();
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

const env = () =>
  cleanEnv({
    ACCTKIT_BASE_URL: sandbox.url,
    ACCTKIT_CLIENT_ID: DEMO_CLIENT.clientId,
    ACCTKIT_CLIENT_SECRET: DEMO_CLIENT.clientSecret,
    ACCTKIT_SIGNING_SECRET: DEMO_CLIENT.signingSecret,
    ACCTKIT_MCP_ENCRYPTION_KEYS: `k1:${base64url(crypto.getRandomValues(new Uint8Array(32)))}`,
    ACCTKIT_MCP_DATABASE: join(mkdtempSync(join(tmpdir(), 'acctkit-serve-bin-')), 'remote.sqlite'),
  });

describe('acctkit-mcp serve', () => {
  it('exits 1 naming a missing variable, without printing any secret', async () => {
    const e = env();
    delete e.ACCTKIT_CLIENT_SECRET;
    const result = await run(process.execPath, [BIN, 'serve', '--port', '0'], { env: e, timeoutMs: 20_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ACCTKIT_CLIENT_SECRET');
    expect(result.stderr).not.toContain(DEMO_CLIENT.signingSecret);
    expect(result.stderr).not.toContain(e.ACCTKIT_MCP_ENCRYPTION_KEYS?.slice(3));
  }, 30_000);

  it('serves the remote MCP server on its port, then stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    const mcpUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stderr}`)), 20_000);
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        const url = /(http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
        if (url) {
          clearTimeout(timer);
          resolve(url);
        }
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${stderr}`)));
    });
    try {
      const remote = { url: mcpUrl.replace(/\/mcp$/, ''), mcpUrl };
      expect((await mcpPost(remote, undefined, TOOLS_LIST)).status).toBe(401);
      const token = String(
        (await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token,
      );
      expect((await mcpPost(remote, token, TOOLS_LIST)).status).toBe(200);
      // The request log: stdout is JSON lines, one per request, the last one the tools/list just made.
      await expect
        .poll(() => stdout.trim().split('\n').length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(5);
      const lines = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((l) => [l.route, l.status])).toContainEqual(['/mcp', 200]);
      expect(stdout).not.toContain(token);
    } finally {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 60_000);
});
