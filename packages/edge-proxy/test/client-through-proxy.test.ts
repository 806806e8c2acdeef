/**
 * The client's smoke suite (packages/client/test/smoke.test.ts) through the proxy: the same flows,
 * with `createClient({ proxyKey })` pointed at the proxy instead of signing credentials, in every
 * runtime of the matrix. The proxy holds the tokens, signs, and refreshes when the service says the
 * token expired.
 */
import { type AccountingClient, createClient, unwrap, type Variant } from '@acctkit/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, proxyFixture, sandboxAdmin, storedTokens } from './helpers/proxy-fixture.js';

describe('client smoke suite through the proxy with a proxy key', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await proxyFixture();
  });

  const client = <V extends Variant>(variant: V, proxyKey: string): AccountingClient<V> =>
    createClient<V>({
      variant,
      baseUrl: 'http://proxy.test',
      proxyKey,
      userAgent: 'acctkit-smoke/1.0',
      fetch: async (request) => f.app.fetch(request),
    });

  it('de: getBusiness, createContact, getContact: GET and a POST with a nested form body, signed by the proxy', async () => {
    const api = client('de', f.keys.deWrite);
    const business = await unwrap(api.GET('/core/v2/business'));
    expect(business.country.code).toBe('DE');
    const created = await unwrap(
      api.POST('/accounts/v2/contacts', {
        body: { contact: { contact_type_id: 1, name: 'Jürgen Smoke', main_address: { town: 'Köln' } } },
      }),
    );
    const again = await unwrap(
      api.GET('/accounts/v2/contacts/{id}', { params: { path: { id: created.id } } }),
    );
    expect(again.name).toBe('Jürgen Smoke');
    expect(again.main_address).toMatchObject({ town: 'Köln' });
  });

  it('pt: listContacts: pages to exactly $totalResults with distinct records, with a read key', async () => {
    const api = client('pt', f.keys.ptRead);
    const first = await unwrap(api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } }));
    expect(first.$totalResults).toBeGreaterThan(100);
    const all = await api.listAll('/accounts/v2/contacts', undefined, { pageSize: 100 });
    expect(all).toHaveLength(first.$totalResults);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('requestToken: an access token the sandbox expired is refreshed once by the proxy, rotated, and the call succeeds', async () => {
    const api = client('pt', f.keys.ptRead);
    const before = await storedTokens(f.storage, 'pt');
    await sandboxAdmin(f.sandbox, 'clock', { advance_seconds: f.minted.pt.expires_in + 60 });
    const sent = f.sent.length;
    const business = await unwrap(api.GET('/core/v2/business'));
    expect(business.country.code).toBe('PT');
    expect(f.sent.slice(sent).filter((s) => s.endsWith('/oauth2/token'))).toHaveLength(1);
    const after = await storedTokens(f.storage, 'pt');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
  });

  it('a read key cannot write through the client: the proxy answers 403 and nothing is sent', async () => {
    const api = client('de', f.keys.deRead);
    const sent = f.sent.length;
    const { error, response } = await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Nope' } },
    });
    expect(response.status).toBe(403);
    expect(error).toBeDefined();
    expect(f.sent.length).toBe(sent);
  });
});
