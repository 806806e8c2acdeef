/**
 * Transport-level behaviour that needs no service: the request the client puts on the wire (checked
 * with the signer's own `verify`), headers, and the timeout. Runs in every runtime of the matrix.
 */
import { TEST_SIGNING_SECRET, verify } from '@acctkit/signer';
import { describe, expect, it } from 'vitest';
import { AccountingError, createClient } from '../src/index.js';

const credentials = { accessToken: 'token-123', signingSecret: 'secret-456' };

function capturing(): { sent: Request[]; fetch: (request: Request) => Promise<Response> } {
  const sent: Request[] = [];
  return {
    sent,
    fetch: async (request) => {
      sent.push(request.clone());
      return Response.json({ $totalResults: 0, $startIndex: 0, $itemsPerPage: 20, $resources: [] });
    },
  };
}

describe('what the client sends', () => {
  it('a POST: form body with resource[field] keys, exact Content-Type, Accept, User-Agent, valid signature', async () => {
    const peer = capturing();
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'my-app/1.0',
      fetch: peer.fetch,
    });
    await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'My Customer', main_address: { town: 'Köln' } } },
    });
    const request = peer.sent[0] as Request;
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(request.headers.get('Accept')).toBe('*/*');
    // Browsers drop a User-Agent set on a Request (the browser sends its own); everywhere else it is ours.
    const userAgentSettable = new Request('https://h/', { headers: { 'User-Agent': 'x' } }).headers.has(
      'User-Agent',
    );
    expect(request.headers.get('User-Agent')).toBe(userAgentSettable ? 'my-app/1.0' : null);
    expect(request.headers.get('Authorization')).toBe('Bearer token-123');
    expect(await request.clone().text()).toBe(
      'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My%20Customer&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln',
    );
    const v = await verify(request, { signingSecret: 'secret-456' });
    expect(v.valid).toBe(true);
    expect(v.steps.parameter_string).toBe(
      'contact%5Bcontact_type_id%5D=1&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln&contact%5Bname%5D=My%20Customer',
    );
  });

  it('a GET: query signed, no body and no Content-Type, a fresh nonce per request', async () => {
    const peer = capturing();
    const api = createClient({
      variant: 'pt',
      baseUrl: 'https://api.example.test/',
      credentials,
      userAgent: 'a/1',
      fetch: peer.fetch,
    });
    await api.GET('/accounts/v2/contacts', { params: { query: { search: 'Ann Lee', $itemsPerPage: 5 } } });
    await api.GET('/accounts/v2/contacts', { params: { query: { search: 'Ann Lee', $itemsPerPage: 5 } } });
    const [a, b] = peer.sent as [Request, Request];
    expect(a.url).toBe('https://api.example.test/accounts/v2/contacts?search=Ann%20Lee&$itemsPerPage=5');
    expect(a.headers.get('Content-Type')).toBeNull();
    expect((await verify(a, { signingSecret: 'secret-456' })).valid).toBe(true);
    expect(a.headers.get('X-Nonce')).not.toBe(b.headers.get('X-Nonce'));
  });

  it('onRequest middleware gets a real Request; the headers it sets are signed and sent', async () => {
    const peer = capturing();
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      fetch: peer.fetch,
    });
    let seen: unknown;
    api.use({
      onRequest({ request }) {
        seen = request;
        request.headers.set('X-Trace', 'trace-1');
      },
    });
    await api.GET('/core/v2/business');
    expect(seen).toBeInstanceOf(Request);
    const request = peer.sent[0] as Request;
    expect(request.headers.get('X-Trace')).toBe('trace-1');
    expect((await verify(request, { signingSecret: 'secret-456' })).valid).toBe(true);
  });

  it('a middleware that returns new Request(...) sends that request, signed', async () => {
    const peer = capturing();
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      fetch: peer.fetch,
    });
    api.use({
      onRequest({ request }) {
        const url = new URL(request.url);
        url.searchParams.set('search', 'Ann Lee');
        return new Request(url, request);
      },
    });
    await api.POST('/accounts/v2/contacts', { body: { contact: { contact_type_id: 1, name: 'Ann' } } });
    const sent = peer.sent[0] as Request;
    expect(new URL(sent.url).searchParams.get('search')).toBe('Ann Lee');
    expect(await sent.clone().text()).toBe('contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Ann');
    expect(sent.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    const v = await verify(sent, { signingSecret: 'secret-456' });
    expect(v.valid).toBe(true);
    expect(v.steps.parameter_string).toContain('search=Ann%20Lee');
  });

  it('a middleware may read request.clone() (global or per call) and the body still goes out', async () => {
    const peer = capturing();
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      fetch: peer.fetch,
    });
    const logged: string[] = [];
    const log = {
      async onRequest({ request }: { request: Request }) {
        logged.push(`${request.method} ${await request.clone().text()}`);
      },
    };
    await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Per Call' } },
      middleware: [log],
    });
    api.use(log);
    await api.POST('/accounts/v2/contacts', { body: { contact: { contact_type_id: 1, name: 'Global' } } });
    expect(logged).toEqual([
      'POST contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Per%20Call',
      'POST contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Global',
    ]);
    for (const sent of peer.sent) {
      expect(await sent.clone().text()).toMatch(/^contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=/);
      expect((await verify(sent, { signingSecret: 'secret-456' })).valid).toBe(true);
    }
  });

  it('the /test endpoint: dataPath keeps its slashes, signed with TestSigningSecret and a placeholder token', async () => {
    const peer = capturing();
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      fetch: peer.fetch,
    });
    await api.GET('/test/{dataPath}', { params: { path: { dataPath: 'accounts/v2/contacts/7' } } });
    const request = peer.sent[0] as Request;
    expect(new URL(request.url).pathname).toBe('/test/accounts/v2/contacts/7');
    expect((await verify(request, { signingSecret: TEST_SIGNING_SECRET })).valid).toBe(true);
    // `/test` takes any token: the caller's real one never goes there.
    expect(request.headers.get('Authorization')).toBe('Bearer TestToken');
    expect(JSON.stringify([...request.headers])).not.toContain('token-123');
  });

  it('error results redact secrets: `{ error }` and the response body (the /test mismatch report)', async () => {
    const report = {
      error: 'invalid_signature',
      token: 'token-123',
      signing_secret: 'TestSigningSecret',
      signing_key: 'TestSigningSecret&token-123',
      base_url: 'https://api.example.test/test/accounts/v2/contacts',
      nested: { access_token: 'a', refresh_token: 'r', client_secret: 'c', list: [{ token: 't' }] },
    };
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      fetch: async () => Response.json(report, { status: 400 }),
    });
    const { error, response } = await api.GET('/test/{dataPath}', {
      params: { path: { dataPath: 'accounts/v2/contacts' } },
    });
    expect(error).toMatchObject({
      error: 'invalid_signature',
      token: '[redacted]',
      signing_secret: '[redacted]',
      signing_key: '[redacted]',
      base_url: report.base_url,
      nested: {
        access_token: '[redacted]',
        refresh_token: '[redacted]',
        client_secret: '[redacted]',
        list: [{ token: '[redacted]' }],
      },
    });
    expect(response.status).toBe(400);
    expect(response.bodyUsed).toBe(true);
    const again = await api.GET('/core/v2/business');
    expect(JSON.stringify(again.error)).not.toMatch(/token-123|TestSigningSecret&/);
  });

  it('paginate: asks for $startIndex/$itemsPerPage pages and stops at $totalResults', async () => {
    const asked: string[] = [];
    const records = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      fetch: async (request) => {
        const q = new URL(request.url).searchParams;
        const start = Number(q.get('$startIndex'));
        const size = Number(q.get('$itemsPerPage'));
        asked.push(`${start}+${size}`);
        return Response.json({
          $totalResults: records.length,
          $startIndex: start,
          $itemsPerPage: size,
          $resources: records.slice(start, start + size),
        });
      },
    });
    const ids: number[] = [];
    for await (const contact of api.paginate('/accounts/v2/contacts', undefined, { pageSize: 3 }))
      ids.push(contact.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual(['0+3', '3+3', '6+3']);
    await expect(api.listAll('/accounts/v2/contacts', undefined, { pageSize: 201 })).rejects.toThrow(
      /1 to 200/,
    );
  });
});

describe('misuse and transport failures', () => {
  it('a fetch that never answers times out with AccountingError TIMEOUT', async () => {
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
      timeoutMs: 20,
      fetch: () => new Promise<Response>(() => {}),
    });
    await expect(api.GET('/core/v2/business')).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('a timeout or the caller’s signal really cancels the fetch: its request’s signal aborts', async () => {
    const aborted: unknown[] = [];
    let sent: () => void = () => {};
    const hanging = (request: Request): Promise<Response> =>
      new Promise<Response>((_, reject) => {
        sent();
        request.signal.addEventListener('abort', () => {
          aborted.push(request.signal.reason);
          reject(request.signal.reason);
        });
      });
    const base = {
      variant: 'de' as const,
      baseUrl: 'https://api.example.test',
      credentials,
      userAgent: 'a/1',
    };
    const timed = createClient({ ...base, timeoutMs: 20, fetch: hanging });
    await expect(timed.GET('/core/v2/business')).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(aborted).toHaveLength(1);
    const untimed = createClient({ ...base, timeoutMs: 0, fetch: hanging });
    const controller = new AbortController();
    // Once the request is on its way (signing comes first, and may take a while on a loaded machine).
    const onItsWay = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const pending = untimed.GET('/core/v2/business', { signal: controller.signal });
    await onItsWay;
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
    expect(aborted).toHaveLength(2);
  });

  it('options are checked: exactly one of credentials and tokens, a user agent, a known variant', () => {
    const ok = { variant: 'de' as const, baseUrl: 'https://h', userAgent: 'a/1' };
    // @ts-expect-error -- one of credentials, tokens and proxyKey is required
    expect(() => createClient(ok)).toThrow(AccountingError);
    expect(() => createClient({ ...ok, credentials, userAgent: '' })).toThrow(/userAgent/);
    expect(() => createClient({ ...ok, credentials, variant: 'fr' as 'de' })).toThrow(/variant/);
    expect(() => createClient({ ...ok, credentials, baseUrl: 'api.example.test' })).toThrow(/baseUrl/);
  });
});
