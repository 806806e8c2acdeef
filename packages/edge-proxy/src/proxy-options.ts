import type { EncryptionKey, KeyRing, VaultStorage, VaultUpstream } from '@acctkit/token-vault';
import type { LogSink } from './json-logger.js';
import type { RateLimit } from './rate-limiter.js';

/** The app registration at the service: from the proxy's configuration, never from callers. */
export interface UpstreamOptions extends VaultUpstream {
  /** The service's host, for example `https://api.accounting.example`; every request goes here. */
  readonly baseUrl: string;
}

/** Options of `createProxy`. Nothing is read from the environment or globals. */
export interface ProxyOptions {
  /** The service and the app registration (client id, client secret, signing secret). */
  readonly upstream: UpstreamOptions;
  /**
   * Where connections, sealed tokens, hashed keys and connect tickets live: `@acctkit/token-vault`'s
   * memory storage, SQLite (`@acctkit/token-vault/node`) or Durable Objects (`/workers`).
   */
  readonly storage: VaultStorage;
  /**
   * The key ring that seals every connection's tokens at rest (or its keys, current first). The
   * tokens are in the vault of `storage` under the ids `proxy:tokens:<connection>`.
   */
  readonly encryptionKeys: KeyRing | readonly EncryptionKey[];
  /** Turns on the admin API under `/_proxy/` (and the `/connect` flow); sent as a Bearer token. */
  readonly adminToken?: string | undefined;
  /** The fetch requests to the service go through (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Largest request body accepted, in bytes (default 1 MiB); larger ones get 413. */
  readonly bodyLimit?: number | undefined;
  /** Time to wait for the service's response headers, in ms (default 30 000); then 504. */
  readonly timeoutMs?: number | undefined;
  /** Requests per key and window (default 600 a minute); `false` for none. */
  readonly rateLimit?: RateLimit | false | undefined;
  /** Browser origins allowed to call the data routes (CORS); none by default. */
  readonly corsOrigins?: readonly string[] | undefined;
  /** Receives one JSON log line per request and per failure, secrets redacted. */
  readonly log?: LogSink | undefined;
  /** `User-Agent` sent when the caller gives none (default `acctkit-edge-proxy`). */
  readonly userAgent?: string | undefined;
  /**
   * The `/connect` flow for business owners: the proxy's public URL (its callback is
   * `{publicUrl}/connect/callback`, to register with the service), the authorization host (default
   * `upstream.baseUrl`) and the scope asked for (default `full_access`). Needs `adminToken`.
   * Connect links are single-use and expire after `linkTtlMs` (default 24 hours).
   */
  readonly connect?:
    | {
        readonly publicUrl: string;
        /** The redirect URI registered at the service (default `{publicUrl}/connect/callback`); served at its path. */
        readonly redirectUri?: string | undefined;
        readonly authUrl?: string | undefined;
        readonly scope?: 'readonly' | 'full_access' | undefined;
        readonly linkTtlMs?: number | undefined;
      }
    | undefined;
  /** The clock, in epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
}
