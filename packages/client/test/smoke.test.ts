/**
 * The client's smoke suite, run unchanged in every runtime of the matrix (Node 20/22/24, Deno, Bun,
 * workerd, Chromium) against a sandbox on localhost: OAuth refresh, a signed GET, a signed POST with
 * a nested form body, and paging to `$totalResults`, in both variants.
 */

import { type MatrixSandbox, matrixSandbox } from '@acctkit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTokenManager, type TokenManager, unwrap, type Variant } from '../src/index.js';

interface Minted {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  signing_secret: string;
  client_id: string;
  client_secret: string;
  country: string;
}

async function admin(sandbox: MatrixSandbox, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`admin ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function connect(
  sandbox: MatrixSandbox,
  variant: Variant,
): Promise<{ tokens: TokenManager; minted: Minted }> {
  const minted = (await admin(sandbox, 'tokens', { business: variant, scope: 'full_access' })) as Minted;
  const tokens = createTokenManager({
    baseUrl: sandbox.url,
    clientId: minted.client_id,
    clientSecret: minted.client_secret,
    signingSecret: minted.signing_secret,
    tokens: {
      accessToken: minted.access_token,
      refreshToken: minted.refresh_token,
      expiresAt: Date.now() + minted.expires_in * 1000,
    },
  });
  return { tokens, minted };
}

describe('client smoke suite against a sandbox on localhost', () => {
  let sandbox: MatrixSandbox;
  beforeAll(() => {
    sandbox = matrixSandbox();
  });

  it('de: getBusiness, createContact, getContact: signed GET and a signed POST with a nested form body', async () => {
    const { tokens, minted } = await connect(sandbox, 'de');
    expect(minted.country).toBe('de');
    const api = createClient({ variant: 'de', baseUrl: sandbox.url, tokens, userAgent: 'acctkit-smoke/1.0' });
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

  it('pt: listContacts: pages to exactly $totalResults with distinct records', async () => {
    const { tokens } = await connect(sandbox, 'pt');
    const api = createClient({ variant: 'pt', baseUrl: sandbox.url, tokens, userAgent: 'acctkit-smoke/1.0' });
    const first = await unwrap(api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } }));
    expect(first.$totalResults).toBeGreaterThan(100);
    const all = await api.listAll('/accounts/v2/contacts', undefined, { pageSize: 100 });
    expect(all).toHaveLength(first.$totalResults);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('requestToken: an access token the sandbox expired is refreshed once, rotated, and the call succeeds', async () => {
    const { tokens, minted } = await connect(sandbox, 'pt');
    const api = createClient({ variant: 'pt', baseUrl: sandbox.url, tokens, userAgent: 'acctkit-smoke/1.0' });
    // The client still believes its token is fresh; the service's clock says it expired an hour ago.
    await admin(sandbox, 'clock', { advance_seconds: minted.expires_in + 60 });
    const business = await unwrap(api.GET('/core/v2/business'));
    expect(business.country.code).toBe('PT');
    const now = await tokens.tokens();
    expect(now?.accessToken).not.toBe(minted.access_token);
    expect(now?.refreshToken).not.toBe(minted.refresh_token);
  });
});
