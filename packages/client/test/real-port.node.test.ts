/** The client over a real socket: the sandbox served on 127.0.0.1 with port 0, the global fetch. */
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '@acctkit/sandbox';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountingClient, createClient, createTokenManager, unwrap } from '../src/index.js';
import { type Minted, mint, startSandbox } from './helpers/sandbox.js';

let sandbox: Sandbox;
let server: ServerType;
let baseUrl: string;
let minted: Minted;
let api: AccountingClient<'pt'>;

beforeAll(async () => {
  sandbox = startSandbox();
  minted = await mint(sandbox, 'pt');
  await new Promise<void>((resolve) => {
    server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokens = createTokenManager({
    baseUrl,
    clientId: minted.client_id,
    clientSecret: minted.client_secret,
    signingSecret: minted.signing_secret,
    // Already expired: the first call refreshes over the socket (requestToken).
    tokens: { accessToken: minted.access_token, refreshToken: minted.refresh_token, expiresAt: 0 },
  });
  api = createClient({ variant: 'pt', baseUrl, tokens, userAgent: 'acctkit-client-tests/1.0' });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  sandbox.close();
});

describe('over a real port (global fetch)', () => {
  it('requestToken, getBusiness: refreshes over HTTP, then a signed GET (signed as https, sent as http)', async () => {
    const business = await unwrap(api.GET('/core/v2/business'));
    expect(business.country.code).toBe('PT');
  });

  it('createContact, getContact: a signed POST with a nested form body, read back', async () => {
    const created = await unwrap(
      api.POST('/accounts/v2/contacts', {
        body: {
          contact: {
            contact_type_id: 1,
            name: 'Inês Sousa',
            main_address: { town: 'Évora', postcode: '7000-001' },
          },
        },
      }),
    );
    const again = await unwrap(
      api.GET('/accounts/v2/contacts/{id}', { params: { path: { id: created.id } } }),
    );
    expect(again.name).toBe('Inês Sousa');
    expect(again.main_address).toMatchObject({ town: 'Évora' });
  });

  it('listContacts: pages over the socket to $totalResults', async () => {
    const first = await unwrap(api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } }));
    const all = await api.listAll('/accounts/v2/contacts', undefined, { pageSize: 100 });
    expect(all).toHaveLength(first.$totalResults);
  });
});
