import type { VaultNamespace } from '@acctkit/token-vault/workers';

/** The Worker's bindings and settings (`wrangler.toml` `[vars]`, secrets and the Durable Object). */
export interface ProxyWorkerEnv {
  /** The namespace of `VaultObject` (`@acctkit/token-vault/workers`): connections, sealed tokens, hashed keys, tickets. */
  readonly VAULT: VaultNamespace;
  /** The service's origin, for example `https://api.accounting.example`. */
  readonly UPSTREAM_URL: string;
  /** Secrets (`wrangler secret put …`). */
  readonly CLIENT_ID: string;
  readonly CLIENT_SECRET: string;
  readonly SIGNING_SECRET: string;
  /** The key ring sealing tokens at rest: `id:base64,id:base64`, current key first. */
  readonly ENCRYPTION_KEYS: string;
  readonly ADMIN_TOKEN?: string;
  /** Comma-separated browser origins allowed by CORS. */
  readonly CORS_ORIGINS?: string;
  /** The Worker's public URL, to turn on `/connect`. */
  readonly PUBLIC_URL?: string;
  /**
   * The redirect URI registered at the service for `/connect`, when it is not
   * `{PUBLIC_URL}/connect/callback`; the proxy serves the callback at its path.
   */
  readonly CONNECT_REDIRECT_URI?: string;
  /** Requests per key and minute (default 600; `0` for no limit). */
  readonly RATE_LIMIT_PER_MINUTE?: string;
}
