import { toTokenSet } from './token-manager.js';
import type { TokenSet } from './token-store.js';

/** What {@link lockedRefreshFetch} needs of the store that shares one connection's tokens between processes. */
export interface LockedRefreshOptions {
  /** The fetch to send with (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The clock, in epoch ms. */
  readonly now: () => number;
  /** Stored tokens expiring within this many ms are refreshed rather than adopted. */
  readonly marginMs: number;
  /** Runs `fn` under the connection's cross-process refresh lock (a file lock, a storage lease). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The tokens stored now. */
  read(): Promise<TokenSet | undefined>;
  /** Stores a new token set (before the lock is released). */
  write(tokens: TokenSet): Promise<void>;
  /** Notes that the token manager is being handed the stored set, which needs no write. */
  adopt(tokens: TokenSet): void;
}

/**
 * The fetch a connection's token manager sends token requests with. A refresh grant runs under the
 * connection's refresh lock: it re-reads the stored tokens, and when another process has rotated them
 * since this one read them, answers with the stored set (or refreshes with the stored refresh token
 * when that set is about to expire too) instead of spending a refresh token the service has already
 * retired. A new set is stored before the lock is released, so the next process to take the lock reads
 * it. Every other request passes through unchanged.
 *
 * Hooking the token endpoint keeps `createTokenManager` the one home of refresh timing, the shared
 * in-process refresh and the 401 retry: it only ever sees ordinary token responses. The connection
 * store of `@acctkit/client/node` (a file lock) and `@acctkit/token-vault` (a lease in storage) both
 * build on it.
 *
 * @param options - The lock, the store's read and write, the margin and the clock.
 * @returns The fetch to give `createTokenManager`.
 * @example
 * ```ts
 * import { createTokenManager, type LockedRefreshOptions, lockedRefreshFetch, type TokenStore } from '@acctkit/client';
 * declare const baseUrl: string, clientId: string, clientSecret: string, signingSecret: string;
 * declare const store: TokenStore, withLock: LockedRefreshOptions['withLock'];
 * const tokens = createTokenManager({
 *   baseUrl, clientId, clientSecret, signingSecret, store,
 *   fetch: lockedRefreshFetch({
 *     now: Date.now, marginMs: 60_000, withLock,
 *     read: async () => store.get(), write: async (set) => store.set(set), adopt: () => {},
 *   }),
 * });
 * ```
 */
export function lockedRefreshFetch(options: LockedRefreshOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  return async (request) => {
    if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/oauth2/token'))
      return send(request);
    const form = new URLSearchParams(await request.clone().text());
    const sent = form.get('refresh_token');
    if (form.get('grant_type') !== 'refresh_token' || sent === null) return send(request);

    return options.withLock(async () => {
      const stored = await options.read();
      if (stored && stored.refreshToken !== sent) {
        // Another process refreshed first. Its set is good unless it is about to expire as well.
        if (stored.expiresAt - options.marginMs > options.now()) {
          options.adopt(stored);
          return tokenResponse(stored, options.now());
        }
        form.set('refresh_token', stored.refreshToken);
      }
      const response = await send(
        new Request(request.url, { method: 'POST', headers: request.headers, body: form.toString() }),
      );
      const text = await response.text();
      const body = parse(text);
      if (response.ok && isTokenBody(body)) await options.write(toTokenSet(body, options.now()));
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'application/json' },
      });
    });
  };
}

/** A token endpoint answer carrying a stored set, as if the service had just issued it. */
function tokenResponse(tokens: TokenSet, now: number): Response {
  return Response.json({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: Math.max(1, Math.floor((tokens.expiresAt - now) / 1000)),
    scope: tokens.scope ?? 'full_access',
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTokenBody(value: unknown): value is Parameters<typeof toTokenSet>[0] {
  const v = value as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown } | undefined;
  return (
    typeof v?.access_token === 'string' &&
    typeof v.refresh_token === 'string' &&
    typeof v.expires_in === 'number'
  );
}
