/**
 * The refusal table on a real socket: raw request targets (nothing normalised before the proxy sees
 * them), absolute-form targets and forged `Host`/`X-Forwarded-Host`, with two canary servers: the
 * configured upstream, which must see no request for any refused row, and another local server,
 * named in the attacks, which must never see a request at all.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { createMemoryStorage } from '@acctkit/token-vault';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy } from '../src/index.js';
import { TEST_ENCRYPTION_KEYS } from './helpers/proxy-fixture.js';
import { refusalTable } from './helpers/refusal-table.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

async function canary(): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'upstream=1' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Sends raw bytes and resolves to the status code of the answer. */
function raw(port: number, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => {
      got += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (m) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('refusal table on a real socket, with canary servers', () => {
  let upstream: Awaited<ReturnType<typeof canary>>;
  let elsewhere: Awaited<ReturnType<typeof canary>>;
  let proxy: ReturnType<typeof serve>;
  let port: number;
  const keys: Record<string, string> = {};
  const admin = 'refusals-node-admin-token';

  beforeAll(async () => {
    upstream = await canary();
    elsewhere = await canary();
    const app = createProxy({
      upstream: { baseUrl: upstream.url, clientId: 'id', clientSecret: 'secret', signingSecret: 'signing' },
      storage: createMemoryStorage(),
      encryptionKeys: TEST_ENCRYPTION_KEYS,
      adminToken: admin,
    });
    const call = async (path: string, body: unknown): Promise<Record<string, string>> => {
      const r = await app.request(`/_proxy/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}` },
        body: JSON.stringify(body),
      });
      return (await r.json()) as Record<string, string>;
    };
    await call('connections', {
      id: 'de',
      variant: 'de',
      access_token: 'canary-access',
      refresh_token: 'canary-refresh',
      expires_in: 3600,
    });
    for (const scope of ['read', 'write'])
      keys[scope] = (await call('keys', { connection: 'de', scope })).key ?? '';
    const revoked = await call('keys', { connection: 'de', scope: 'write' });
    await app.request(`/_proxy/keys/${revoked.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${admin}` },
    });
    keys.revoked = revoked.key ?? '';
    keys.unknown = 'akp_w_0000000000000000000000000000000000000000000';
    await new Promise<void>((resolve) => {
      proxy = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });

  afterAll(async () => {
    await new Promise((r) => proxy.close(r));
    await new Promise((r) => upstream.server.close(r));
    await new Promise((r) => elsewhere.server.close(r));
  });

  const elsewhereHost = (): string => elsewhere.url.replace('http://', '');

  for (const row of refusalTable) {
    it(`${row.method} ${row.target} (${row.name}) → ${row.rawStatus ?? row.status}; no canary sees it`, async () => {
      const target = row.target.replaceAll('127.0.0.2:9', elsewhereHost());
      const key = row.key === 'none' ? undefined : keys[row.key ?? 'write'];
      const body = row.body ?? '';
      const lines = [
        `${row.method} ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
        ...(key ? [`Authorization: Bearer ${key}`] : []),
        ...Object.entries(row.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
        ...(row.body !== undefined && !row.headers?.['Content-Length']
          ? [`Content-Length: ${body.length}`]
          : []),
      ];
      const status = await raw(port, `${lines.join('\r\n')}\r\n\r\n${body}`);
      expect(status).toBe(row.rawStatus ?? row.status);
      expect(upstream.seen).toEqual([]);
      expect(elsewhere.seen).toEqual([]);
    });
  }

  it('absolute-form targets naming another host are refused or sent to the configured upstream only', async () => {
    const other = elsewhereHost();
    const auth = `Authorization: Bearer ${keys.write}`;
    expect(
      await raw(
        port,
        `POST http://${other}/oauth2/token HTTP/1.1\r\nHost: ${other}\r\n${auth}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(404);
    expect(
      await raw(
        port,
        `GET http://${other}/test/core/v2/me HTTP/1.1\r\nHost: ${other}\r\n${auth}\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(404);
    expect(upstream.seen).toEqual([]);
    // An allowed path: the host named by the caller is ignored, the configured upstream gets it.
    expect(
      await raw(
        port,
        `GET http://${other}/core/v2/me HTTP/1.1\r\nHost: ${other}\r\nX-Forwarded-Host: ${other}\r\n${auth}\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(200);
    expect(
      await raw(
        port,
        `GET /core/v2/me?q=%0D%0AX-Injected:%201 HTTP/1.1\r\nHost: ${other}\r\nX-Forwarded-Host: ${other}\r\n${auth}\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(200);
    expect(elsewhere.seen).toEqual([]);
    expect(upstream.seen.map((s) => s.url)).toEqual(['/core/v2/me', '/core/v2/me?q=%0D%0AX-Injected:%201']);
    for (const seen of upstream.seen) {
      expect(seen.headers.host).toBe(upstream.url.replace('http://', ''));
      expect(seen.headers['x-injected']).toBeUndefined();
      expect(seen.headers['x-forwarded-host']).toBeUndefined();
      expect(seen.headers.authorization).toBe('Bearer canary-access');
    }
    upstream.seen.length = 0;
  });

  it('a header value with CR/LF cannot be sent at all', async () => {
    const status = await raw(
      port,
      `GET /core/v2/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${keys.read}\r\nAccept: a\rX-Signature: forged\r\nConnection: close\r\n\r\n`,
    );
    expect(status).toBe(400);
    expect(upstream.seen).toEqual([]);
  });
});

describe('timeouts with the global fetch', () => {
  it('a service that never answers gives 504 upstream_timeout after timeoutMs', async () => {
    const hung = createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const admin = 'timeout-test-admin-token';
    const app = createProxy({
      upstream: {
        baseUrl: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        clientId: 'id',
        clientSecret: 'secret',
        signingSecret: 'signing',
      },
      storage: createMemoryStorage(),
      encryptionKeys: TEST_ENCRYPTION_KEYS,
      adminToken: admin,
      timeoutMs: 200,
    });
    const headers = { Authorization: `Bearer ${admin}` };
    await app.request('/_proxy/connections', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id: 'de',
        variant: 'de',
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 3600,
      }),
    });
    const { key } = (await (
      await app.request('/_proxy/keys', {
        method: 'POST',
        headers,
        body: JSON.stringify({ connection: 'de', scope: 'read' }),
      })
    ).json()) as { key: string };
    const started = Date.now();
    const response = await app.request('/core/v2/me', { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: string }).error).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    hung.closeAllConnections();
    await new Promise((r) => hung.close(r));
  });
});
