import type { JournalLimits } from '@acctkit/change-journal';
import { type EncryptionKey, parseKeyRing } from '@acctkit/token-vault';
import type { Context } from 'hono';
import { isLoopbackHost } from '../http/loopback-host.js';
import { RemoteError } from './remote-error.js';
import type { RequestLogSink } from './request-log-record.js';

/** The accounting service registration this deployment signs users in with. */
export interface UpstreamConfig {
  /** API host; tokens come from `{baseUrl}/oauth2/token`. */
  readonly baseUrl: string;
  /** Authorization host; users are sent to `{authUrl}/oauth2/auth` (default: `baseUrl`). */
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
  /** `User-Agent` of data requests (default `acctkit-mcp-remote`). */
  readonly userAgent: string;
}

/** Configuration of the remote server; {@link parseRemoteConfig} reads it from the environment. */
export interface RemoteConfig {
  /** The URL users add to their MCP client, without `/mcp`: `https://mcp.example.com`. */
  readonly publicUrl: string;
  readonly upstream: UpstreamConfig;
  /** AES-256-GCM keys for upstream tokens at rest, current first. */
  readonly encryptionKeys: readonly EncryptionKey[];
  /** Lifetime of issued access tokens, seconds (default 900). */
  readonly accessTokenTtlSeconds?: number | undefined;
  /** Lifetime of issued refresh tokens, seconds (default 30 days). */
  readonly refreshTokenTtlSeconds?: number | undefined;
  /** Lifetime of authorization codes, seconds (default 60). */
  readonly codeTtlSeconds?: number | undefined;
  /** MCP requests per access token per minute (default 120; 0: no limit). */
  readonly rateLimitPerMinute?: number | undefined;
  /** Largest accepted request body, bytes (default 1 MiB for `/mcp`). */
  readonly maxBodyBytes?: number | undefined;
  /** Browser origins allowed to call `/mcp` and the token endpoints (default: none but the server's own). */
  readonly allowedOrigins?: readonly string[] | undefined;
  /** Extra `Host` values accepted besides the public URL's host (for example behind a proxy). */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Serve only the read-only catalogue, whatever the grant. */
  readonly readOnly?: boolean | undefined;
  /**
   * Offer confirmation forms to 2025-era clients (default true). The client's answer to a form arrives
   * as a separate request that must reach the process whose request asked: true for one Node process
   * (or instances behind a balancer that keeps an `Mcp-Session-Id` on one instance); the Workers entry
   * sets false, as a Worker's requests do not come back to one isolate. Without forms such clients get
   * approval cards, or `confirm: true` with the reason named.
   */
  readonly legacyForms?: boolean | undefined;
  /** Narrow the catalogue (as `acctkit-mcp --toolsets`). */
  readonly toolsets?: readonly string[] | undefined;
  /** Narrow the catalogue (as `acctkit-mcp --tools`). */
  readonly tools?: readonly string[] | undefined;
  /**
   * Tests only: accept `http://127.0.0.1` / `http://localhost` Client ID Metadata Document URLs.
   * Production accepts https only.
   */
  readonly allowLoopbackClientMetadata?: boolean | undefined;
  /**
   * How long and how much of each business's change journal is kept (`ACCTKIT_MCP_JOURNAL_RETENTION_DAYS`,
   * default 90; `ACCTKIT_MCP_JOURNAL_MAX_ENTRIES`, default 10 000).
   */
  readonly journal?: JournalLimits | undefined;
  /** The clock, epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** The fetch for upstream requests (default: global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * Fetches a Client ID Metadata Document whose URL passed the checks by name (https, no internal
   * names or non-public IP literals). Default: `fetch` without redirects, capped at 5 s, which leaves
   * resolving to the platform (Workers). On Node `startRemoteServer` passes `pinnedMetadataFetch()`,
   * which resolves first, refuses unless every address is public and connects to the checked one.
   */
  readonly fetchClientMetadata?: ((url: URL) => Promise<Response>) | undefined;
  /** Dynamic Client Registrations per client address per minute (default 20; 0: no limit). */
  readonly registrationsPerMinute?: number | undefined;
  /** Seconds a registered client is kept when it completes no authorization (default 86400). */
  readonly registrationTtlSeconds?: number | undefined;
  /**
   * The address a request comes from, for per-address limits. Default: the `cf-connecting-ip` header
   * (Workers), else one bucket shared by all; `startRemoteServer` passes the socket's address.
   */
  readonly clientAddress?: ((c: Context) => string) | undefined;
  /**
   * Where one record per answered request goes (request id, method, route pattern, status, duration,
   * OAuth client and business; never a token or body). Default: none; `acctkit-mcp serve` writes JSON
   * lines to stdout, the Workers entry hands each record to `console.log` (Workers Logs).
   */
  readonly requestLog?: RequestLogSink | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

function required(env: Env, name: string): string {
  const v = env[name]?.trim();
  if (!v) throw new RemoteError('CONFIG', `${name} is not set; see docs/remote.md for the variables.`);
  return v;
}

function integer(env: Env, name: string): number | undefined {
  const v = env[name]?.trim();
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new RemoteError('CONFIG', `${name} must be a whole number.`);
  return n;
}

function positive(env: Env, name: string): number | undefined {
  const n = integer(env, name);
  if (n === 0) throw new RemoteError('CONFIG', `${name} must be at least 1.`);
  return n;
}

function list(env: Env, name: string): string[] | undefined {
  const v = env[name]?.trim();
  return v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
}

const KEY_RING_FORM =
  'ACCTKIT_MCP_ENCRYPTION_KEYS must be a comma-separated list of id:key, current key first, each key the base64url (or base64) of 32 random bytes, such as k1:<43 characters>; make one with `openssl rand -base64 32`';

/** The key ring; a malformed one names the variable, its form and the key's id, never key material. */
function encryptionKeys(text: string): EncryptionKey[] {
  const keys: EncryptionKey[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!part) continue;
    const id = /^([A-Za-z0-9_-]{1,32}):/.exec(part)?.[1];
    let key: EncryptionKey | undefined;
    try {
      // Its message, or the platform's base64 decoder's ("Invalid character"), says too little.
      [key] = parseKeyRing(part, 'ACCTKIT_MCP_ENCRYPTION_KEYS');
    } catch (cause) {
      const which = id ? `key ${id} is not base64` : 'a key has no id';
      throw new RemoteError('CONFIG', `${KEY_RING_FORM} (${which}).`, { cause });
    }
    if (key && key.key.length !== 32)
      throw new RemoteError('CONFIG', `${KEY_RING_FORM} (key ${key.id} is ${key.key.length} bytes).`);
    if (key) keys.push(key);
  }
  return keys;
}

function absoluteUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RemoteError('CONFIG', `${name} must be an absolute URL.`);
  }
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname))
    throw new RemoteError('CONFIG', `${name} must use https (http only on localhost).`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * Reads the remote server's configuration from environment variables (the table in docs/remote.md).
 *
 * @param env - `process.env` on Node, the Worker's `env` on Workers.
 * @param overrides - Values that win over the environment (for example `publicUrl` from `--public-url`).
 * @returns The configuration.
 * @throws RemoteError `CONFIG` naming the first missing or malformed variable.
 * @example
 * ```ts
 * const config = parseRemoteConfig(process.env, { publicUrl: 'https://mcp.example.com' });
 * ```
 */
export function parseRemoteConfig(env: Env, overrides: Partial<RemoteConfig> = {}): RemoteConfig {
  const baseUrl = absoluteUrl('ACCTKIT_BASE_URL', required(env, 'ACCTKIT_BASE_URL'));
  const publicUrl = overrides.publicUrl ?? required(env, 'ACCTKIT_MCP_PUBLIC_URL');
  const origins = list(env, 'ACCTKIT_MCP_ALLOWED_ORIGINS');
  const hosts = list(env, 'ACCTKIT_MCP_ALLOWED_HOSTS');
  const toolsets = list(env, 'ACCTKIT_MCP_TOOLSETS');
  const tools = list(env, 'ACCTKIT_MCP_TOOLS');
  const config: RemoteConfig = {
    publicUrl: absoluteUrl('ACCTKIT_MCP_PUBLIC_URL', publicUrl),
    upstream: {
      baseUrl,
      authUrl: absoluteUrl('ACCTKIT_AUTH_URL', env.ACCTKIT_AUTH_URL?.trim() || baseUrl),
      clientId: required(env, 'ACCTKIT_CLIENT_ID'),
      clientSecret: required(env, 'ACCTKIT_CLIENT_SECRET'),
      signingSecret: required(env, 'ACCTKIT_SIGNING_SECRET'),
      userAgent: env.ACCTKIT_USER_AGENT?.trim() || 'acctkit-mcp-remote',
    },
    encryptionKeys: encryptionKeys(required(env, 'ACCTKIT_MCP_ENCRYPTION_KEYS')),
    accessTokenTtlSeconds: integer(env, 'ACCTKIT_MCP_ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: integer(env, 'ACCTKIT_MCP_REFRESH_TOKEN_TTL'),
    rateLimitPerMinute: integer(env, 'ACCTKIT_MCP_RATE_LIMIT'),
    registrationsPerMinute: integer(env, 'ACCTKIT_MCP_REGISTRATIONS_PER_MINUTE'),
    registrationTtlSeconds: integer(env, 'ACCTKIT_MCP_REGISTRATION_TTL'),
    maxBodyBytes: integer(env, 'ACCTKIT_MCP_MAX_BODY_BYTES'),
    journal: {
      retentionDays: positive(env, 'ACCTKIT_MCP_JOURNAL_RETENTION_DAYS'),
      maxEntries: positive(env, 'ACCTKIT_MCP_JOURNAL_MAX_ENTRIES'),
    },
    readOnly: env.ACCTKIT_MCP_READ_ONLY === '1' || env.ACCTKIT_MCP_READ_ONLY === 'true',
    ...(origins && { allowedOrigins: origins }),
    ...(hosts && { allowedHosts: hosts }),
    ...(toolsets && { toolsets }),
    ...(tools && { tools }),
    ...overrides,
  };
  if (overrides.publicUrl) return { ...config, publicUrl: absoluteUrl('--public-url', overrides.publicUrl) };
  return config;
}

/** The configuration with every default filled in. */
export interface ResolvedConfig extends RemoteConfig {
  readonly resource: string;
  readonly issuer: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly codeTtlSeconds: number;
  readonly rateLimitPerMinute: number;
  readonly registrationsPerMinute: number;
  readonly registrationTtlSeconds: number;
  readonly maxBodyBytes: number;
  readonly allowedOrigins: readonly string[];
  readonly allowedHosts: readonly string[];
  readonly now: () => number;
  readonly fetch: (request: Request) => Promise<Response>;
}

/** Fills in defaults and derives the resource and issuer identifiers. */
export function resolveConfig(config: RemoteConfig): ResolvedConfig {
  const publicUrl = absoluteUrl('publicUrl', config.publicUrl);
  if (config.encryptionKeys.length === 0)
    throw new RemoteError('CONFIG', 'ACCTKIT_MCP_ENCRYPTION_KEYS needs at least one key.');
  return {
    ...config,
    publicUrl,
    resource: `${publicUrl}/mcp`,
    issuer: publicUrl,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds ?? 900,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds ?? 30 * 86_400,
    codeTtlSeconds: config.codeTtlSeconds ?? 60,
    rateLimitPerMinute: config.rateLimitPerMinute ?? 120,
    registrationsPerMinute: config.registrationsPerMinute ?? 20,
    registrationTtlSeconds: config.registrationTtlSeconds ?? 86_400,
    maxBodyBytes: config.maxBodyBytes ?? 1024 * 1024,
    allowedOrigins: config.allowedOrigins ?? [],
    allowedHosts: [new URL(publicUrl).host, ...(config.allowedHosts ?? [])],
    now: config.now ?? Date.now,
    fetch: config.fetch ?? ((request) => fetch(request)),
  };
}
