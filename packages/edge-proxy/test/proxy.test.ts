/**
 * The proxy's behaviour suite, run unchanged in every runtime of the matrix (Node 20/22/24, Deno,
 * Bun, workerd) against a sandbox on localhost: keys and scopes, signed GET and POST forwarded with
 * the tokens kept server-side, refresh before expiry and on a 401 (single-flight), upstream errors
 * passed through, timeouts, rate limits, CORS and redacted logs.
 */

import { createMemoryStorage, type VaultStorage } from '@acctkit/token-vault';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../src/index.js';
import {
  ADMIN_TOKEN,
  type Fixture,
  proxyFixture,
  sandboxAdmin,
  settable,
  withKey,
} from './helpers/proxy-fixture.js';

describe('edge proxy against a sandbox on localhost', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await proxyFixture({ corsOrigins: ['https://app.example'] });
  });

  it('listContacts: a GET with a read key is signed and forwarded, query included', async () => {
    const r = await f.app.request('/accounts/v2/contacts?$itemsPerPage=2&$startIndex=0', {
      headers: withKey(f.keys.deRead),
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { $totalResults: number; $resources: unknown[] };
    expect(body.$resources).toHaveLength(2);
    expect(body.$totalResults).toBeGreaterThan(100);
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(f.sent.at(-1)).toBe(`GET ${f.sandbox.url}/accounts/v2/contacts?$itemsPerPage=2&$startIndex=0`);
  });

  it('getBusiness: each connection reaches its own business', async () => {
    const de = await f.app.request('/core/v2/business', { headers: withKey(f.keys.deRead) });
    const pt = await f.app.request('/core/v2/business', { headers: withKey(f.keys.ptRead) });
    expect(((await de.json()) as { country: { code: string } }).country.code).toBe('DE');
    expect(((await pt.json()) as { country: { code: string } }).country.code).toBe('PT');
  });

  it('createContact, getContact, updateContact, deleteContact: a write key signs form bodies', async () => {
    const created = await f.app.request('/accounts/v2/contacts', {
      method: 'POST',
      headers: withKey(f.keys.ptWrite, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: 'contact[contact_type_id]=1&contact[name]=Jo%C3%A3o%20Proxy&contact[main_address][town]=Porto',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const got = await f.app.request(`/accounts/v2/contacts/${id}`, { headers: withKey(f.keys.ptRead) });
    expect(((await got.json()) as { name: string }).name).toBe('João Proxy');
    const updated = await f.app.request(`/accounts/v2/contacts/${id}`, {
      method: 'PUT',
      headers: withKey(f.keys.ptWrite, {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      }),
      body: new URLSearchParams({ 'contact[name]': 'João Proxy II' }),
    });
    expect(updated.status).toBe(200);
    const deleted = await f.app.request(`/accounts/v2/contacts/${id}`, {
      method: 'DELETE',
      headers: withKey(f.keys.ptWrite),
    });
    expect(deleted.status).toBeLessThan(300);
    const gone = await f.app.request(`/accounts/v2/contacts/${id}`, { headers: withKey(f.keys.ptRead) });
    expect(gone.status).toBe(404);
  });

  it('a read key on a write gets 403 and nothing is sent', async () => {
    const before = f.sent.length;
    const r = await f.app.request('/accounts/v2/contacts', {
      method: 'POST',
      headers: withKey(f.keys.deRead, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: 'contact[name]=x',
    });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: string }).error).toBe('forbidden');
    expect(f.sent.length).toBe(before);
  });

  it('refuses an admin body over 16 KiB with 413, even with the admin token', async () => {
    const f = await proxyFixture();
    const big = await f.admin('POST', 'keys', {
      connection: 'de',
      scope: 'read',
      padding: 'x'.repeat(20_000),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe('payload_too_large');
    expect((await f.admin('POST', 'keys', { connection: 'de', scope: 'read' })).status).toBe(201);
  });

  it('missing, malformed, unknown and revoked keys get 401, each with its own message; a read key on a write 403', async () => {
    const before = f.sent.length;
    const none = await f.app.request('/core/v2/me');
    const basic = await f.app.request('/core/v2/me', { headers: { Authorization: 'Basic Zm9vOmJhcg==' } });
    const unknown = await f.app.request('/core/v2/me', {
      headers: withKey('akp_r_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    });
    const made = (await (await f.admin('POST', 'keys', { connection: 'de', scope: 'read' })).json()) as {
      id: string;
      key: string;
    };
    const works = await f.app.request('/core/v2/me', { headers: withKey(made.key) });
    expect(works.status).toBe(200);
    expect((await f.admin('DELETE', `keys/${made.id}`)).status).toBe(204);
    const listed = (await (await f.admin('GET', 'keys?connection=de')).json()) as {
      keys: { id: string; revoked_at: string | null }[];
    };
    const revokedAt = listed.keys.find((k) => k.id === made.id)?.revoked_at as string;
    const revoked = await f.app.request('/core/v2/me', { headers: withKey(made.key) });
    const readOnWrite = await f.app.request('/accounts/v2/contacts', {
      method: 'POST',
      headers: withKey(f.keys.deRead, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: 'contact[name]=x',
    });

    const answers = [];
    for (const r of [none, basic, unknown, revoked, readOnWrite])
      answers.push({
        status: r.status,
        ...((await r.json()) as { error: string; error_description: string }),
      });
    expect(answers).toEqual([
      {
        status: 401,
        error: 'unauthorized',
        error_description: 'Send a proxy key as `Authorization: Bearer <key>`.',
      },
      {
        status: 401,
        error: 'unauthorized',
        error_description: expect.stringMatching(
          /^The Authorization header holds no proxy key: .*akp_r_….*akp_w_…/,
        ),
      },
      {
        status: 401,
        error: 'unauthorized',
        error_description: "This proxy key is not known here: check it, or ask the proxy's admin for one.",
      },
      {
        status: 401,
        error: 'unauthorized',
        error_description: `This proxy key was revoked on ${revokedAt.replace(/\.\d{3}Z$/, 'Z')}: ask the proxy's admin for a new one.`,
      },
      {
        status: 403,
        error: 'forbidden',
        error_description:
          "This is a read key (akp_r_…): it can only send GET requests. POST needs a write key (akp_w_…) from the proxy's admin.",
      },
    ]);
    expect(new Set(answers.map((a) => a.error_description)).size).toBe(answers.length);
    expect(f.sent.length).toBe(before + 1);
  });

  it('an unknown and a revoked key cost the same work: one storage read, by the hash, and nothing else', async () => {
    const reads: string[] = [];
    const writes: string[] = [];
    const storage = createMemoryStorage();
    const counted: VaultStorage = {
      get: (key) => {
        reads.push(key);
        return storage.get(key);
      },
      set: (key, value, options) => {
        writes.push(key);
        return storage.set(key, value, options);
      },
      delete: (key) => {
        writes.push(key);
        return storage.delete(key);
      },
    };
    const g = await proxyFixture({ storage: counted });
    const made = (await (await g.admin('POST', 'keys', { connection: 'de', scope: 'read' })).json()) as {
      id: string;
      key: string;
    };
    expect((await g.admin('DELETE', `keys/${made.id}`)).status).toBe(204);
    const unknownKey = 'akp_r_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

    const work = async (key: string): Promise<{ reads: string[]; writes: string[]; status: number }> => {
      reads.length = 0;
      writes.length = 0;
      const r = await g.app.request('/core/v2/me', { headers: withKey(key) });
      return { reads: [...reads], writes: [...writes], status: r.status };
    };
    const unknown = await work(unknownKey);
    const revoked = await work(made.key);
    for (const [result, key] of [
      [unknown, unknownKey],
      [revoked, made.key],
    ] as const) {
      expect(result.status).toBe(401);
      expect(result.writes).toEqual([]);
      expect(result.reads).toHaveLength(1);
      expect(result.reads[0]).toContain(await hashKey(key));
    }
  });

  it('keys are listed without the key itself, and the admin API needs the admin token', async () => {
    const list = await f.admin('GET', 'keys?connection=de');
    const text = await list.text();
    expect(text).toContain(f.keyIds.deRead);
    expect(text).not.toContain(f.keys.deRead);
    const wrong = await f.app.request('/_proxy/keys', {
      headers: { Authorization: 'Bearer not-the-admin-token' },
    });
    expect(wrong.status).toBe(401);
    const unknownConnection = await f.admin('POST', 'keys', { connection: 'nope', scope: 'read' });
    expect(unknownConnection.status).toBe(404);
  });

  it('GET /_proxy/ with the admin token lists every admin route (method, path, purpose); without it 401', async () => {
    type Listed = { method: string; path: string; purpose: string };
    const index = await f.admin('GET', '');
    expect(index.status).toBe(200);
    const { routes } = (await index.json()) as { routes: Listed[] };
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /_proxy/',
      'POST /_proxy/connections',
      'GET /_proxy/connections',
      'DELETE /_proxy/connections/{id}',
      'POST /_proxy/keys',
      'GET /_proxy/keys',
      'DELETE /_proxy/keys/{id}',
      'POST /_proxy/connect-links',
    ]);
    for (const r of routes) expect(r.purpose).toMatch(/^[A-Z].{15,}\.$/);
    const withoutSlash = await f.app.request('/_proxy', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await withoutSlash.json()).toEqual({ routes });

    // Each listed route is served (its own answer to a request that changes nothing, not "no such route").
    for (const r of routes) {
      const answer = await f.admin(
        r.method,
        r.path.replace('/_proxy/', '').replace('{id}', 'none'),
        r.method === 'POST' ? {} : undefined,
      );
      const text = await answer.text();
      expect(text, `${r.method} ${r.path}`).not.toContain('No such admin route');
    }
    const unknownRoute = await f.admin('GET', 'nothing-here');
    expect(unknownRoute.status).toBe(404);
    expect(((await unknownRoute.json()) as { error_description: string }).error_description).toBe(
      'No such admin route: `GET /_proxy/` lists them.',
    );

    for (const headers of [{}, { Authorization: 'Bearer not-the-admin-token' }]) {
      const refused = await f.app.request('/_proxy/', { headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        error: 'unauthorized',
        error_description: 'Send the admin token as `Authorization: Bearer <token>`.',
      });
    }
  });

  it('upstream errors pass through with their status and body, plus a request id', async () => {
    const r = await f.app.request('/accounts/v2/contacts/999999999', { headers: withKey(f.keys.deRead) });
    expect(r.status).toBe(404);
    expect(JSON.stringify(await r.json())).toContain('$diagnoses');
    expect(r.headers.get('x-request-id')).toBeTruthy();
    await sandboxAdmin(f.sandbox, 'faults', { type: '500', count: 1 });
    const failed = await f.app.request('/core/v2/me', { headers: withKey(f.keys.deRead) });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-request-id')).toBeTruthy();
    expect((await failed.text()).length).toBeGreaterThan(0);
  });

  it('a service slower than timeoutMs gives 504', async () => {
    const slow = await proxyFixture({ timeoutMs: 100 });
    await sandboxAdmin(slow.sandbox, 'faults', { type: 'latency', count: 1, latency_ms: 1500 });
    const r = await slow.app.request('/core/v2/me', { headers: withKey(slow.keys.deRead) });
    expect(r.status).toBe(504);
    expect(((await r.json()) as { error: string }).error).toBe('upstream_timeout');
    // The slow request still occupies the sandbox; let it finish before the next test.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });

  it('a timeout aborts the signal of the request an injected fetch was given', async () => {
    let given: AbortSignal | undefined;
    const hung = await proxyFixture({
      timeoutMs: 100,
      fetch: (request) => {
        given = request.signal;
        return new Promise<Response>(() => {});
      },
    });
    const r = await hung.app.request('/core/v2/me', { headers: withKey(hung.keys.deRead) });
    expect(r.status).toBe(504);
    expect(((await r.json()) as { error: string }).error).toBe('upstream_timeout');
    expect(given?.aborted).toBe(true);
  });

  it('per-key rate limit: 429 with Retry-After, other keys unaffected', async () => {
    const limited = await proxyFixture({ rateLimit: { requests: 2, windowMs: 60_000 } });
    const call = async (key: string): Promise<Response> =>
      limited.app.request('/accounts/v2/contact_types', { headers: withKey(key) });
    expect((await call(limited.keys.deRead)).status).toBe(200);
    expect((await call(limited.keys.deRead)).status).toBe(200);
    const sent = limited.sent.length;
    const third = await call(limited.keys.deRead);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.sent.length).toBe(sent);
    expect((await call(limited.keys.deWrite)).status).toBe(200);
  });

  // Browsers do not let a page set `Origin`; they send their own.
  (settable('origin') ? it : it.skip)('CORS: configured origins get the headers, others do not', async () => {
    const preflight = await f.app.request('/accounts/v2/contacts', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const allowed = await f.app.request('/core/v2/me', {
      headers: withKey(f.keys.deRead, { Origin: 'https://app.example' }),
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const other = await f.app.request('/core/v2/me', {
      headers: withKey(f.keys.deRead, { Origin: 'https://evil.example' }),
    });
    expect(other.headers.get('access-control-allow-origin')).toBe(null);
  });

  it('an access token near expiry is refreshed before use, once for 20 concurrent requests', async () => {
    const g = await proxyFixture();
    // Connected from a refresh token alone: the first request must refresh.
    const fresh = await sandboxAdmin(g.sandbox, 'tokens', { business: 'de', scope: 'full_access' });
    const r = await g.admin('POST', 'connections', {
      id: 'de',
      variant: 'de',
      refresh_token: (fresh as { refresh_token: string }).refresh_token,
    });
    expect(r.status).toBe(201);
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => g.app.request('/core/v2/me', { headers: withKey(g.keys.deRead) })),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(20).fill(200));
    expect(g.sent.filter((s) => s.endsWith('/oauth2/token'))).toHaveLength(1);
  });

  it('a 401 from the service refreshes once and re-sends', async () => {
    const g = await proxyFixture();
    // The proxy believes its token is fresh; the service's clock says it expired.
    await sandboxAdmin(g.sandbox, 'clock', { advance_seconds: g.minted.pt.expires_in + 60 });
    const r = await g.app.request('/core/v2/business', { headers: withKey(g.keys.ptRead) });
    expect(r.status).toBe(200);
    const paths = g.sent.map((s) => s.replace(g.sandbox.url, ''));
    expect(paths).toEqual(['GET /core/v2/business', 'POST /oauth2/token', 'GET /core/v2/business']);
  });

  it('logs are JSON lines without keys, tokens or secrets', async () => {
    const lines = f.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines[0]).toMatchObject({ level: 'info', method: expect.any(String), status: expect.any(Number) });
    const all = f.logs.join('\n');
    for (const secret of [
      ...Object.values(f.keys),
      f.minted.de.access_token,
      f.minted.de.refresh_token,
      f.minted.de.signing_secret,
      f.minted.de.client_secret,
      'proxy-admin-token-for-tests',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
