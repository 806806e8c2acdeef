/**
 * The OAuth token lifecycle against the sandbox's clock and token endpoint (requestToken): code
 * exchange, rotation, refresh before expiry, a 401 mid-flight, 20 concurrent calls sharing one
 * refresh, persistence through a TokenStore, and a revoked grant.
 */
import type { Sandbox } from '@acctkit/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AccountingError,
  type AnyAccountingError,
  createClient,
  createMemoryTokenStore,
  createTokenManager,
  exchangeCode,
  OAuthError,
  refresh,
  type TokenManagerOptions,
  type TokenSet,
  type TokenStore,
  toTokenSet,
} from '../src/index.js';
import { admin, advanceClock, BASE_URL, type Minted, mint, startSandbox } from './helpers/sandbox.js';

const REDIRECT_URI = 'http://localhost:3000/callback';
/** The sandbox's clock stands still at T0 unless the admin API advances it. */
const T0 = Date.UTC(2025, 0, 1);

let sandbox: Sandbox;
let minted: Minted;
/** Requests that reached the token endpoint. */
let tokenRequests: number;
/** The sandbox's now: T0 plus every advance. */
let clock: number;
const sandboxFetch = (request: Request): Promise<Response> => {
  if (new URL(request.url).pathname === '/oauth2/token') tokenRequests++;
  return sandbox.fetch(request);
};

beforeEach(async () => {
  sandbox = startSandbox({ clock: () => T0 });
  minted = await mint(sandbox, 'de');
  tokenRequests = 0;
  clock = T0;
});
afterEach(() => sandbox.close());

/** Issues an authorization code through the admin API, as the consent page does when the owner approves. */
async function issueCode(business: 'de' | 'pt' = 'de'): Promise<string> {
  const issued = (await admin(sandbox, 'codes', {
    business,
    client_id: minted.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'full_access',
  })) as { code: string; country: string };
  expect(issued.country).toBe(business);
  return issued.code;
}

/** Moves the sandbox clock forward and keeps `clock` (what the sandbox reads as now) in step. */
async function advance(seconds: number): Promise<void> {
  const moved = (await advanceClock(sandbox, seconds)) as { offset_seconds: number };
  clock = T0 + moved.offset_seconds * 1000;
}

function registration(): Omit<TokenManagerOptions, 'tokens' | 'store'> {
  return {
    baseUrl: BASE_URL,
    clientId: minted.client_id,
    clientSecret: minted.client_secret,
    signingSecret: minted.signing_secret,
    fetch: sandboxFetch,
    now: () => clock,
  };
}

function mintedTokens(): TokenSet {
  return {
    accessToken: minted.access_token,
    refreshToken: minted.refresh_token,
    expiresAt: clock + minted.expires_in * 1000,
  };
}

describe('requestToken through exchangeCode and refresh', () => {
  it('requestToken: exchanges a code for tokens; a second use of the code is invalid_grant', async () => {
    const code = await issueCode();
    const options = { ...registration(), code, redirectUri: REDIRECT_URI };
    const first = await exchangeCode(options);
    expect(first.response.status).toBe(200);
    expect(first.data).toMatchObject({ token_type: 'Bearer', scope: 'full_access', expires_in: 3600 });
    const again = await exchangeCode(options);
    expect(again.response.status).toBe(400);
    expect(again.error?.error).toBe('invalid_grant');
  });

  it('requestToken: a wrong client_secret is invalid_client, a wrong redirect_uri invalid_grant', async () => {
    const wrongSecret = await exchangeCode({
      ...registration(),
      clientSecret: 'wrong',
      code: await issueCode(),
      redirectUri: REDIRECT_URI,
    });
    expect(wrongSecret.error?.error).toBe('invalid_client');
    const wrongRedirect = await exchangeCode({
      ...registration(),
      code: await issueCode(),
      redirectUri: 'http://localhost:8080/callback',
    });
    expect(wrongRedirect.error?.error).toBe('invalid_grant');
  });

  it('requestToken: a refresh rotates both tokens; the old refresh token is then invalid_grant', async () => {
    const rotated = await refresh({ ...registration(), refreshToken: minted.refresh_token });
    expect(rotated.data?.access_token).not.toBe(minted.access_token);
    expect(rotated.data?.refresh_token).not.toBe(minted.refresh_token);
    const stale = await refresh({ ...registration(), refreshToken: minted.refresh_token });
    expect(stale.error).toMatchObject({ error: 'invalid_grant' });
  });

  it('requestToken: TokenManager.exchangeCode stores the tokens; the client then works (getBusiness)', async () => {
    const tokens = createTokenManager(registration());
    const { data } = await tokens.exchangeCode({ code: await issueCode('pt'), redirectUri: REDIRECT_URI });
    expect((await tokens.tokens())?.accessToken).toBe(data?.access_token);
    const api = createClient({
      variant: 'pt',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    expect((await api.GET('/core/v2/business')).data?.country.code).toBe('PT');
  });
});

describe('TokenManager with the client', () => {
  it('getBusiness: refreshes shortly before expiry (sandbox clock) and persists the rotated tokens', async () => {
    const writes: TokenSet[] = [];
    const memory = createMemoryTokenStore(mintedTokens());
    const store: TokenStore = {
      get: () => memory.get(),
      set: (t) => {
        writes.push(t);
        return memory.set(t);
      },
    };
    const tokens = createTokenManager({ ...registration(), store });
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    expect((await api.GET('/core/v2/business')).response.status).toBe(200);
    expect(tokenRequests).toBe(0);
    await advance(3600 - 30);
    expect((await api.GET('/core/v2/business')).response.status).toBe(200);
    expect(tokenRequests).toBe(1);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.accessToken).not.toBe(minted.access_token);
    expect(writes[0]?.expiresAt).toBe(clock + 3600 * 1000);
  });

  it('getContact: a 401 mid-flight (token expired early) refreshes once and re-signs the retried request', async () => {
    const sent: Request[] = [];
    // The manager's clock lags the sandbox's, so it believes the token is still valid.
    const tokens = createTokenManager({ ...registration(), now: () => T0, tokens: mintedTokens() });
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: (request) => {
        if (new URL(request.url).pathname !== '/oauth2/token') sent.push(request.clone());
        return sandboxFetch(request);
      },
    });
    await advance(3601);
    const { data, response } = await api.PUT('/accounts/v2/contacts/{id}', {
      params: { path: { id: 1 } },
      body: { contact: { notes: 'after refresh' } },
    });
    expect(response.status).toBe(200);
    expect(data?.notes).toBe('after refresh');
    expect(tokenRequests).toBe(1);
    expect(sent).toHaveLength(2);
    const [first, second] = sent;
    expect(second?.headers.get('Authorization')).not.toBe(first?.headers.get('Authorization'));
    expect(second?.headers.get('X-Nonce')).not.toBe(first?.headers.get('X-Nonce'));
    expect(await second?.text()).toBe('contact%5Bnotes%5D=after%20refresh');
  });

  it('listContacts: 20 concurrent calls that all meet a 401 share one refresh', async () => {
    const tokens = createTokenManager({ ...registration(), now: () => T0, tokens: mintedTokens() });
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    await advance(7200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } }),
      ),
    );
    expect(results.map((r) => r.response.status)).toEqual(Array(20).fill(200));
    expect(tokenRequests).toBe(1);
  });

  it('listContacts: 20 concurrent calls with an expiring token share one proactive refresh', async () => {
    const tokens = createTokenManager({ ...registration(), tokens: mintedTokens() });
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    await advance(3590);
    const results = await Promise.all(Array.from({ length: 20 }, () => api.GET('/accounts/v2/contacts')));
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    expect(tokenRequests).toBe(1);
  });

  it('listContacts: 20 concurrent first calls over a store that returns copies share one refresh', async () => {
    // SQLite, Durable Objects and JSON files hand out a new object for each read of one token set.
    let saved: TokenSet | undefined = mintedTokens();
    const copying: TokenStore = {
      get: async () => (saved === undefined ? undefined : { ...saved }),
      set: async (tokens) => {
        saved = { ...tokens };
      },
    };
    const tokens = createTokenManager({ ...registration(), store: copying });
    let refused = 0;
    const counting = async (request: Request): Promise<Response> => {
      const response = await sandboxFetch(request);
      if (response.status === 401) refused++;
      return response;
    };
    const api = createClient({ variant: 'de', baseUrl: BASE_URL, tokens, userAgent: 't/1', fetch: counting });
    await advance(3605);
    const results = await Promise.all(Array.from({ length: 20 }, () => api.GET('/accounts/v2/contacts')));
    expect(results.map((r) => r.response.status)).toEqual(Array(20).fill(200));
    expect(tokenRequests).toBe(1);
    // Nobody was handed the expired token: every call waited for the one refresh.
    expect(refused).toBe(0);
    expect(saved?.refreshToken).not.toBe(minted.refresh_token);
  });

  it('getBusiness: a second 401 after the refresh is returned, not retried again', async () => {
    const tokens = createTokenManager({ ...registration(), now: () => T0, tokens: mintedTokens() });
    let calls = 0;
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      // Drops the bearer token on its way: the sandbox answers 401 for every data request.
      fetch: (request) => {
        if (new URL(request.url).pathname === '/oauth2/token') return sandboxFetch(request);
        calls++;
        const headers = new Headers(request.headers);
        headers.set('Authorization', 'Bearer revoked-token');
        return sandbox.fetch(new Request(request, { headers }));
      },
    });
    const { response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(401);
    expect(calls).toBe(2);
    expect(tokenRequests).toBe(1);
  });

  it('getBusiness: a revoked refresh token makes the call throw OAuthError invalid_grant', async () => {
    await refresh({ ...registration(), refreshToken: minted.refresh_token }); // rotates it away
    tokenRequests = 0;
    const tokens = createTokenManager({ ...registration(), tokens: mintedTokens() });
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    await advance(3600);
    const err = await api.GET('/core/v2/business').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OAuthError);
    expect((err as OAuthError).error).toBe('invalid_grant');
    expect((err as OAuthError).message).not.toContain(minted.refresh_token);
  });

  it('getBusiness: a manager without tokens throws AccountingError NO_TOKENS', async () => {
    const tokens = createTokenManager(registration());
    const api = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    await expect(api.GET('/core/v2/business')).rejects.toBeInstanceOf(AccountingError);
    await expect(api.GET('/core/v2/business')).rejects.toMatchObject({ code: 'NO_TOKENS' });
  });

  it('toTokenSet computes expiresAt from expires_in', () => {
    const set = toTokenSet(
      { access_token: 'a', refresh_token: 'r', expires_in: 3600, scope: 'readonly', token_type: 'Bearer' },
      1000,
    );
    expect(set).toEqual({ accessToken: 'a', refreshToken: 'r', expiresAt: 3_601_000, scope: 'readonly' });
  });
});

describe('the variant of the tokens', () => {
  it('exchangeCode keeps the callback country in the token set, through a refresh', async () => {
    const tokens = createTokenManager(registration());
    await tokens.exchangeCode({ code: await issueCode('de'), redirectUri: REDIRECT_URI, country: 'DE' });
    expect((await tokens.tokens())?.country).toBe('de');
    const refreshed = await tokens.refresh();
    expect(refreshed.country).toBe('de');
    expect((await tokens.credentials()).country).toBe('de');
  });

  it('a pt client over the tokens of a de business throws VARIANT_MISMATCH before any request', async () => {
    const tokens = createTokenManager(registration());
    await tokens.exchangeCode({ code: await issueCode('de'), redirectUri: REDIRECT_URI, country: 'de' });
    let reached = 0;
    const api = createClient({
      variant: 'pt',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: (request) => {
        reached++;
        return sandbox.fetch(request);
      },
    });
    const err = await api.GET('/core/v2/business').catch((e: unknown) => e as AnyAccountingError);
    expect(reached).toBe(0);
    expect(err).toBeInstanceOf(AccountingError);
    if (!(err instanceof AccountingError) || err.code !== 'VARIANT_MISMATCH')
      throw new Error('expected VARIANT_MISMATCH');
    expect(err.variant).toBe('pt');
    expect(err.tokenVariant).toBe('de');
    expect(err.message).toMatch(/variant 'de'/);
    // The same tokens with the right variant work.
    const de = createClient({
      variant: 'de',
      baseUrl: BASE_URL,
      tokens,
      userAgent: 't/1',
      fetch: sandboxFetch,
    });
    expect((await de.GET('/core/v2/business')).data?.country.code).toBe('DE');
  });
});
