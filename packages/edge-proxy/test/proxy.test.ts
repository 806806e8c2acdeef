/**
 * The proxy's behaviour suite, run unchanged in every runtime of the matrix (Node 20/22/24, Deno,
 * Bun, workerd) against a sandbox on localhost: keys and scopes, signed GET and POST forwarded with
 * the tokens kept server-side, refresh before expiry and on a 401 (single-flight), upstream errors
 * passed through, timeouts, rate limits, CORS and redacted logs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, proxyFixture, sandboxAdmin, settable, withKey } from './helpers/proxy-fixture.js';

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

  it('missing, malformed, unknown and revoked keys get 401', async () => {
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
    const revoked = await f.app.request('/core/v2/me', { headers: withKey(made.key) });
    for (const r of [none, basic, unknown, revoked]) {
      expect(r.status).toBe(401);
      expect(((await r.json()) as { error: string }).error).toBe('unauthorized');
    }
    expect(f.sent.length).toBe(before + 1);
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
