// Streamable HTTP on a real port: the built bin with --http, and startHttpServer in this process.
import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuiltBin, run, type SpawnedHttp, spawnHttp } from './e2e-bin.js';

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

  it('keeps no session: a second client is served by the same process alike', async () => {
    const client = new Client({ name: 'e2e-http-2', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    await client.connect(transport);
    try {
      expect(transport.sessionId).toBeUndefined();
      expect((await client.callTool({ name: 'list_businesses', arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
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

  it('answers GET with 405: a stateless server has no stream to open', async () => {
    const res = await fetch(server.url, { headers: { Accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
