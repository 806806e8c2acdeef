// Streamable HTTP on a real port: the built bin with --http, and startHttpServer in this process.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, requireBuiltBin, run, type SpawnedHttp, spawnHttp } from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A POST with headers fetch would not let us set (`Host`). */
function rawPost(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

describe('acctkit-mcp --sandbox --http', () => {
  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp(['--sandbox']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('binds loopback and prints the MCP URL', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('serves initialize, tools/list and tools/call to the SDK client', async () => {
    const client = new Client({ name: 'e2e-http', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      expect(client.getServerVersion()?.name).toBe('acctkit');
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('list_contacts');
      const result = await client.callTool({
        name: 'list_contacts',
        arguments: { business: 'de', limit: 3 },
      });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { items: unknown[] }).items).toHaveLength(3);
    } finally {
      await client.close();
    }
  });

  it('gives each 2025-era client its own session; ending one leaves the other served', async () => {
    const connect = async (name: string) => {
      const client = new Client({ name, version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(server.url));
      await client.connect(transport);
      return { client, transport };
    };
    const a = await connect('e2e-http-a');
    const b = await connect('e2e-http-b');
    try {
      expect(a.transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(b.transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
      await a.transport.terminateSession();
      expect((await b.client.callTool({ name: 'list_businesses', arguments: {} })).isError).toBeFalsy();
    } finally {
      await a.client.close();
      await b.client.close();
    }
  });

  it('accepts loopback Host and Origin headers', async () => {
    const port = new URL(server.url).port;
    const res = await rawPost(server.url, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain('"serverInfo"');
  });

  it('rejects a foreign Host with 403 (DNS rebinding)', async () => {
    const res = await rawPost(server.url, { Host: 'evil.example:80' });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('serverInfo');
  });

  it('rejects a foreign Origin with 403, even with a loopback Host', async () => {
    const port = new URL(server.url).port;
    const res = await rawPost(server.url, { Host: `127.0.0.1:${port}`, Origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('a second server on the same port: exits 1 and says to choose another port', async () => {
    const port = new URL(server.url).port;
    const result = await run(process.execPath, [BIN, '--sandbox', '--http', '--port', port], {
      timeoutMs: 20_000,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
  });

  it('answers GET with 405: the server opens no stream of its own', async () => {
    const res = await fetch(server.url, { headers: { Accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, DELETE');
  });
});

/** A token file readable by its owner only, as a user would make one. */
function tokenFile(token: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'acctkit-mcp-token-')), 'token');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return file;
}

describe('acctkit-mcp --http on a host reachable from the network', () => {
  const refused = (args: string[], env = cleanEnv()) =>
    run(process.execPath, [BIN, '--sandbox', '--http', '--port', '0', ...args], { env, timeoutMs: 20_000 });

  it('--host 0.0.0.0 without --allow-remote exits 2, naming --allow-remote and --token-file', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const result = await refused(['--host', host]);
      expect(result.code, host).toBe(2);
      expect(result.stderr).toContain(`--host ${host} can be reached from the network`);
      expect(result.stderr).toContain('--allow-remote');
      expect(result.stderr).toContain('--token-file');
    }
  });

  it('--allow-remote without a token, with a short one, or with --token on the command line exits 2', async () => {
    const none = await refused(['--host', '0.0.0.0', '--allow-remote']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--allow-remote needs a bearer token');
    const short = await refused([
      '--host',
      '0.0.0.0',
      '--allow-remote',
      '--token-file',
      tokenFile('x'.repeat(31)),
    ]);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('shorter than 32 characters');
    expect(short.stderr).not.toContain('x'.repeat(31));
    const shortEnv = await refused(
      ['--host', '0.0.0.0', '--allow-remote'],
      cleanEnv({ ACCTKIT_MCP_HTTP_TOKEN: 'y'.repeat(12) }),
    );
    expect(shortEnv.code).toBe(2);
    const inArgv = await refused(['--host', '0.0.0.0', '--allow-remote', '--token', 'z'.repeat(40)]);
    expect(inArgv.code).toBe(2);
    expect(inArgv.stderr).toContain('--token-file');
    expect(inArgv.stderr).not.toContain('z'.repeat(40));
  });

  describe('--host 0.0.0.0 --allow-remote --token-file', () => {
    const token = randomBytes(32).toString('hex');
    let server: SpawnedHttp;
    beforeAll(async () => {
      server = await spawnHttp([
        '--sandbox',
        '--host',
        '0.0.0.0',
        '--allow-remote',
        '--token-file',
        tokenFile(token),
      ]);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('answers a request without the token, or with another, with 401 and WWW-Authenticate: Bearer', async () => {
      const port = new URL(server.url).port;
      for (const headers of [
        {},
        { Authorization: `Bearer ${token.slice(0, -1)}x` },
        { Authorization: token },
      ]) {
        const res = await rawPost(server.url, { Host: `127.0.0.1:${port}`, ...headers });
        expect(res.status).toBe(401);
        expect(res.body).not.toContain('serverInfo');
      }
      const res = await fetch(server.url, { method: 'POST', body: '{}' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('serves tools/list to the SDK client that sends the token', async () => {
      const client = new Client({ name: 'e2e-http-remote', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('list_contacts');
      } finally {
        await client.close();
      }
    });

    it("accepts the machine's host name in Host, and still refuses a foreign one with the token", async () => {
      const port = new URL(server.url).port;
      const auth = { Authorization: `Bearer ${token}` };
      expect((await rawPost(server.url, { Host: `${hostname()}:${port}`, ...auth })).status).toBe(200);
      expect((await rawPost(server.url, { Host: `evil.example:${port}`, ...auth })).status).toBe(403);
    });
  });
});
