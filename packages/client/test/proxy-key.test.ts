/**
 * `proxyKey`: the client talks to the acctkit signing proxy, which holds the tokens and signs. It
 * sends `Authorization: Bearer <proxy key>` and signs nothing. Checked against a small Request handler
 * that answers as the proxy does (401 for a missing or unknown key). Runs in every runtime of the matrix.
 */
import { describe, expect, it } from 'vitest';
import { AccountingError, createClient } from '../src/index.js';

const KEY = 'ak_test_0123456789abcdef';

/** A stand-in for the proxy: checks the key, refuses signed requests, echoes what it got. */
function proxy(seen: Request[]): (request: Request) => Promise<Response> {
  return async (request) => {
    seen.push(request);
    if (request.headers.get('Authorization') !== `Bearer ${KEY}`)
      return Response.json({ error: 'unauthorized' }, { status: 401 });
    return Response.json({
      path: new URL(request.url).pathname,
      search: new URL(request.url).search,
      body: await request.text(),
      contentType: request.headers.get('Content-Type'),
    });
  };
}

describe('proxyKey', () => {
  it('sends Authorization: Bearer <proxyKey>, no signature and no nonce, to the proxy URL', async () => {
    const seen: Request[] = [];
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://proxy.example.test',
      proxyKey: KEY,
      userAgent: 'my-app/1.0',
      fetch: proxy(seen),
    });
    const get = await api.GET('/accounts/v2/contacts', { params: { query: { search: 'Ann' } } });
    expect(get.response.status).toBe(200);
    expect(get.data).toMatchObject({ path: '/accounts/v2/contacts', search: '?search=Ann' });
    const post = await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Ann Lee' } },
    });
    expect(post.data).toMatchObject({
      body: 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Ann%20Lee',
      contentType: 'application/x-www-form-urlencoded',
    });
    for (const request of seen) {
      expect(request.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
      expect(request.headers.get('X-Signature')).toBeNull();
      expect(request.headers.get('X-Nonce')).toBeNull();
      expect(request.headers.get('User-Agent') ?? 'my-app/1.0').toBe('my-app/1.0');
    }
  });

  it('a 401 from the proxy is returned as it is: there is nothing to refresh', async () => {
    const seen: Request[] = [];
    const api = createClient({
      variant: 'pt',
      baseUrl: 'https://proxy.example.test',
      proxyKey: 'ak_revoked',
      userAgent: 'a/1',
      fetch: proxy(seen),
    });
    const { error, response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(401);
    expect(error).toEqual({ error: 'unauthorized' });
    expect(seen).toHaveLength(1);
  });

  it('cannot be combined with credentials or tokens, and must not be empty (INVALID_ARGUMENT)', () => {
    const base = { variant: 'de' as const, baseUrl: 'https://proxy.example.test', userAgent: 'a/1' };
    const credentials = { accessToken: 't', signingSecret: 's' };
    const both = { ...base, proxyKey: KEY, credentials } as unknown as Parameters<typeof createClient>[0];
    expect(() => createClient(both)).toThrow(AccountingError);
    expect(() => createClient(both)).toThrow(/exactly one of credentials, tokens and proxyKey/);
    // @ts-expect-error -- a proxy key replaces the signing credentials: not both
    expect(() => createClient({ ...base, proxyKey: KEY, credentials })).toThrow(
      /INVALID_ARGUMENT|exactly one/,
    );
    expect(() => createClient({ ...base, proxyKey: ' ' })).toThrow(/proxyKey/);
    try {
      createClient(both);
    } catch (err) {
      expect(err).toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
  });
});
