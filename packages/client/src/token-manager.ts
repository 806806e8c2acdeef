import type { Credentials } from '@acctkit/signer';
import { AccountingError, OAuthError } from './accounting-error.js';
import { exchangeCode, refresh } from './oauth/exchange-code.js';
import type { TokenEndpointOptions, TokenResponse, TokenResult } from './oauth/token-request.js';
import { createMemoryTokenStore, type TokenSet, type TokenStore } from './token-store.js';

/** Options of {@link createTokenManager}. */
export interface TokenManagerOptions extends TokenEndpointOptions {
  /** The registered `signing_secret`, paired with the current access token to sign requests. */
  readonly signingSecret: string;
  /** Where tokens live (default: in memory). Rotated tokens are written here before use. */
  readonly store?: TokenStore | undefined;
  /** Tokens to start with; written to the store on first use when it holds none. */
  readonly tokens?: TokenSet | undefined;
  /** Refresh this long before the access token expires, in ms (default 60 000). */
  readonly refreshMarginMs?: number | undefined;
  /** The clock, in epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
}

/** Keeps one business's tokens fresh and hands out signing credentials. */
export interface TokenManager {
  /**
   * Credentials for the next request: the current access token, refreshed first when it expires
   * within `refreshMarginMs`, and the country of its business when known.
   */
  credentials(): Promise<Credentials & { readonly country?: string | undefined }>;
  /**
   * Refreshes now. Concurrent callers share one refresh. With `rejected` (the access token the server
   * just refused), nothing is refreshed when the tokens have already moved on past it.
   */
  refresh(options?: { readonly rejected?: string | undefined }): Promise<TokenSet>;
  /**
   * Exchanges an authorization code and stores the tokens, with the callback's `country` (give it:
   * the client then refuses to use the tokens for the other variant).
   */
  exchangeCode(options: {
    readonly code: string;
    readonly redirectUri: string;
    readonly country?: string | undefined;
  }): Promise<TokenResult>;
  /** The current tokens, or `undefined` before any are known. */
  tokens(): Promise<TokenSet | undefined>;
  /** Stores new tokens (for example from your own `exchangeCode`, with `country` from the callback). */
  setTokens(tokens: TokenSet): Promise<void>;
}

/**
 * Converts a token endpoint response into a {@link TokenSet}, computing `expiresAt` from `expires_in`.
 *
 * @param response - The token endpoint's success body.
 * @param now - The time it was received, in epoch ms (default `Date.now()`).
 * @param country - The business's country from the authorization callback (kept through refreshes).
 * @returns The token set.
 * @example
 * ```ts
 * import { refresh, type TokenStore, toTokenSet } from '@acctkit/client';
 * declare const baseUrl: string, clientId: string, clientSecret: string, refreshToken: string;
 * declare const store: TokenStore;
 * const { data } = await refresh({ baseUrl, clientId, clientSecret, refreshToken });
 * if (data) await store.set(toTokenSet(data, Date.now(), 'de'));
 * ```
 */
export function toTokenSet(response: TokenResponse, now: number = Date.now(), country?: string): TokenSet {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: now + response.expires_in * 1000,
    scope: response.scope,
    ...(country === undefined ? {} : { country: country.toLowerCase() }),
  };
}

/**
 * Creates a token manager: refreshes shortly before expiry and (through the client) once on a 401,
 * with one refresh shared by all concurrent calls, and persists every rotated token set.
 *
 * @param options - App registration, API host, store, initial tokens, margin and clock.
 * @returns The manager; pass it as `tokens` to `createClient`.
 * @example
 * ```ts
 * import { createClient, createTokenManager, parseCallback } from '@acctkit/client';
 * declare const baseUrl: string, clientId: string, clientSecret: string, signingSecret: string;
 * declare const callbackUrl: string, savedState: string, redirectUri: string;
 * const tokens = createTokenManager({ baseUrl, clientId, clientSecret, signingSecret });
 * const { code, country, variant } = parseCallback(callbackUrl, savedState);
 * await tokens.exchangeCode({ code, redirectUri, country });
 * const api = createClient({ variant, baseUrl, tokens, userAgent: 'my-app/1.0' });
 * ```
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const store = options.store ?? createMemoryTokenStore();
  const now = options.now ?? Date.now;
  const margin = options.refreshMarginMs ?? 60_000;
  let current: TokenSet | undefined;
  let loading: Promise<unknown> | undefined;
  let inflight: Promise<TokenSet> | undefined;

  // One read of the store for all first callers: stores that hand out copies (SQLite, a Durable
  // Object, a JSON file) would otherwise give concurrent callers different objects for one token set.
  async function load(): Promise<TokenSet | undefined> {
    loading ??= (async () => {
      const stored = await store.get();
      current ??= stored ?? options.tokens;
      if (current !== undefined && stored === undefined) await store.set(current);
    })().catch((cause: unknown) => {
      loading = undefined;
      throw cause;
    });
    await loading;
    return current;
  }

  async function save(tokens: TokenSet): Promise<void> {
    await store.set(tokens);
    current = tokens;
    loading ??= Promise.resolve();
  }

  function doRefresh(from: TokenSet): Promise<TokenSet> {
    // A caller that read the tokens before another refresh finished must not refresh again: the
    // refresh token it holds has been rotated away and would be refused.
    // Compared by value: a store may return copies of one token set.
    if (current && current.refreshToken !== from.refreshToken) return Promise.resolve(current);
    inflight ??= (async () => {
      const { data, error, response } = await refresh({ ...options, refreshToken: from.refreshToken });
      if (!data) throw new OAuthError(error.error, error.error_description, response.status);
      const next = toTokenSet(data, now(), from.country);
      await save(next);
      return next;
    })().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  async function required(): Promise<TokenSet> {
    const tokens = await load();
    if (!tokens)
      throw new AccountingError(
        'NO_TOKENS',
        'No tokens yet: connect the user (exchangeCode), or pass tokens or a store that has them.',
      );
    return tokens;
  }

  return {
    async credentials() {
      let tokens = inflight ? await inflight : await required();
      if (tokens.expiresAt - margin <= now()) tokens = await doRefresh(tokens);
      return {
        signingSecret: options.signingSecret,
        accessToken: tokens.accessToken,
        country: tokens.country,
      };
    },
    async refresh(opts) {
      if (inflight) return inflight;
      const tokens = await required();
      if (opts?.rejected !== undefined && opts.rejected !== tokens.accessToken) return tokens;
      return doRefresh(tokens);
    },
    async exchangeCode(opts) {
      const result = await exchangeCode({ ...options, ...opts });
      if (result.data) await save(toTokenSet(result.data, now(), opts.country));
      return result;
    },
    tokens: load,
    setTokens: save,
  };
}
