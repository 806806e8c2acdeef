import { createTokenManager, type TokenManager, type TokenStore } from '@acctkit/client';
import type { Credentials } from '@acctkit/signer';
import type { ProxyStorage } from './proxy-storage.js';

/** The app registration at the service: from the proxy's configuration, never from callers. */
export interface UpstreamOptions {
  /** The service's host, for example `https://api.accounting.example`; every request goes here. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
}

/**
 * Hands out signing credentials per connection and refreshes its tokens: before expiry, and once
 * when the service refuses an access token. Refreshes of one connection are single-flight.
 */
export interface TokenBroker {
  /** Signing secret and a live access token of `connection`. */
  credentials(connection: string): Promise<Credentials>;
  /** Refreshes unless the tokens have already moved past `rejected` (the token the service refused). */
  refresh(connection: string, rejected: string): Promise<void>;
  /** Drops what it remembers of `connection` (after it is connected again or removed). */
  forget(connection: string): void;
}

/** Options of {@link createTokenBroker}. */
export interface TokenBrokerOptions {
  readonly upstream: UpstreamOptions;
  /** Where each connection's tokens are read and written. */
  readonly storage: Pick<ProxyStorage, 'getTokens' | 'setTokens'>;
  /** The fetch the token endpoint is called with (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Refresh this long before expiry, in ms (default 60 000). */
  readonly refreshMarginMs?: number | undefined;
  readonly now?: (() => number) | undefined;
}

/**
 * The in-process token broker: one `@acctkit/client` token manager per connection, whose store is
 * the proxy's storage, so a rotated refresh token is written before it is used and one refresh is
 * shared by every concurrent request of this process. On Workers, where requests of one connection
 * land in many isolates, `@acctkit/edge-proxy/workers` serializes refreshes in a Durable Object.
 *
 * @param options - Upstream registration, storage, fetch, margin and clock.
 * @returns The broker.
 * @example
 * ```ts
 * import { createMemoryStorage, createTokenBroker } from '@acctkit/edge-proxy';
 * const broker = createTokenBroker({ upstream, storage: createMemoryStorage() });
 * ```
 */
export function createTokenBroker(options: TokenBrokerOptions): TokenBroker {
  const managers = new Map<string, TokenManager>();
  const manager = (connection: string): TokenManager => {
    let found = managers.get(connection);
    if (!found) {
      found = createTokenManager({
        baseUrl: options.upstream.baseUrl,
        clientId: options.upstream.clientId,
        clientSecret: options.upstream.clientSecret,
        signingSecret: options.upstream.signingSecret,
        fetch: options.fetch,
        refreshMarginMs: options.refreshMarginMs,
        now: options.now,
        store: connectionStore(options.storage, connection),
      });
      managers.set(connection, found);
    }
    return found;
  };
  return {
    credentials: (connection) => manager(connection).credentials(),
    async refresh(connection, rejected) {
      await manager(connection).refresh({ rejected });
    },
    forget(connection) {
      managers.delete(connection);
    },
  };
}

/** The proxy's storage of one connection as the client's token store. */
function connectionStore(storage: TokenBrokerOptions['storage'], connection: string): TokenStore {
  return {
    get: () => storage.getTokens(connection),
    set: (tokens) => storage.setTokens(connection, tokens),
  };
}
