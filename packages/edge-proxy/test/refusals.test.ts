/**
 * The refusal table, runtime-neutral: every row is refused with its status and nothing leaves the
 * proxy (its one way out, the upstream fetch, records every request, and must record none). The Node
 * suite repeats the table on a real socket with raw request targets and canary servers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, proxyFixture, settable, withKey } from './helpers/proxy-fixture.js';
import { refusalTable } from './helpers/refusal-table.js';

describe('refusal table (runtime-neutral)', () => {
  let f: Fixture;
  let revoked: string;
  beforeAll(async () => {
    f = await proxyFixture();
    const made = (await (await f.admin('POST', 'keys', { connection: 'de', scope: 'write' })).json()) as {
      id: string;
      key: string;
    };
    await f.admin('DELETE', `keys/${made.id}`);
    revoked = made.key;
  });

  for (const row of refusalTable) {
    // A row whose headers this runtime will not let a caller send cannot be sent from here.
    const sendable = Object.keys(row.headers ?? {}).every(settable);
    (sendable ? it : it.skip)(
      `${row.method} ${row.target} (${row.name}) → ${row.status}, nothing sent`,
      async () => {
        const key = {
          read: f.keys.deRead,
          write: f.keys.deWrite,
          revoked,
          unknown: 'akp_w_0000000000000000000000000000000000000000000',
          none: undefined,
        }[row.key ?? 'write'];
        const headers: Record<string, string> = { ...row.headers };
        if (key) headers.Authorization = `Bearer ${key}`;
        const response = await f.app.request(row.target, {
          method: row.method,
          headers,
          ...(row.body === undefined ? {} : { body: row.body }),
        });
        expect(response.status).toBe(row.status);
        const body = (await response.json()) as { error: string; error_description: string };
        expect(typeof body.error).toBe('string');
        if (row.error) expect(body.error).toBe(row.error);
        if (row.description) expect(body.error_description).toMatch(row.description);
        expect(response.headers.get('x-request-id')).toBeTruthy();
        expect(f.sent).toEqual([]);
      },
    );
  }

  it('a body over the limit is refused with 413 after reading just past the limit, not whole', async () => {
    const g = await proxyFixture({ bodyLimit: 64 * 1024 });
    let pulled = 0;
    const chunk = new TextEncoder().encode('a='.padEnd(16 * 1024, 'x'));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 MiB if read whole; the proxy must stop after about 64 KiB.
        if (pulled >= 64 * 1024 * 1024) controller.close();
        else {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await g.app.request('/accounts/v2/contacts', {
      method: 'POST',
      headers: withKey(g.keys.deWrite, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(256 * 1024);
    expect(g.sent).toEqual([]);
  });

  it('only allow-listed headers reach the service: no cookie, caller Authorization, X-Signature, X-Nonce or hop-by-hop', async () => {
    const g = await proxyFixture();
    const response = await g.app.request('/core/v2/me', {
      headers: {
        Authorization: `Bearer ${g.keys.deRead}`,
        Cookie: 'session=caller-cookie',
        'X-Signature': 'caller-signature',
        'X-Nonce': 'caller-nonce',
        'Proxy-Authorization': 'Basic caller',
        Connection: 'keep-alive, Accept-Language, X-Custom',
        'Keep-Alive': 'timeout=5',
        TE: 'trailers',
        Upgrade: 'websocket',
        'X-Custom': 'caller',
        'X-Forwarded-For': '203.0.113.9',
        'X-Forwarded-Host': 'evil.example',
        'Accept-Language': 'de',
        Accept: 'application/json',
        'User-Agent': 'caller-app/1.0',
      },
    });
    expect(response.status).toBe(200);
    const sent = g.sentHeaders[0] as Headers;
    // User-Agent is checked on its own: some browsers will not set it on a request.
    const names = [...sent.keys()].filter((n) => n !== 'user-agent').sort();
    const expected = ['accept', 'authorization', 'x-nonce', 'x-signature'];
    // Where a caller cannot send `Connection` (browsers), nothing names Accept-Language hop-by-hop.
    if (!settable('connection')) expected.splice(1, 0, 'accept-language');
    expect(names).toEqual(expected);
    expect(sent.get('authorization')).not.toContain(g.keys.deRead);
    expect(sent.get('authorization')).toMatch(/^Bearer /);
    expect(sent.get('x-signature')).not.toBe('caller-signature');
    expect(sent.get('x-nonce')).not.toBe('caller-nonce');
    if (settable('user-agent')) expect(sent.get('user-agent')).toBe('caller-app/1.0');
  });

  it('an absolute-form target, Host and X-Forwarded-Host cannot change the upstream', async () => {
    const g = await proxyFixture();
    const response = await g.app.request('http://127.0.0.2:9/accounts/v2/contact_types', {
      headers: withKey(g.keys.deRead, { Host: '127.0.0.2:9', 'X-Forwarded-Host': '127.0.0.2:9' }),
    });
    expect(response.status).toBe(200);
    expect(g.sent).toEqual([`GET ${g.sandbox.url}/accounts/v2/contact_types`]);
  });

  it('response headers: no Set-Cookie or hop-by-hop headers come back', async () => {
    const response = await f.app.request('/core/v2/me', { headers: withKey(f.keys.deRead) });
    f.sent.length = 0;
    f.sentHeaders.length = 0;
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBe(null);
    expect(response.headers.get('transfer-encoding')).toBe(null);
    expect(response.headers.get('connection')).toBe(null);
  });
});
