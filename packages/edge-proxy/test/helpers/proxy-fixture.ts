/**
 * A proxy in front of the run's sandbox, runtime-neutral: connections `de` and `pt` registered
 * through the admin API from tokens the sandbox minted, a read and a write key for each, and every
 * request the proxy sends recorded (the proxy's only way out is this fetch).
 */

import type { TokenSet } from '@acctkit/client';
import { type MatrixSandbox, matrixSandbox } from '@acctkit/testing';
import {
  createMemoryStorage,
  createVault,
  type EncryptionKey,
  type VaultStorage,
} from '@acctkit/token-vault';
import { createProxy, type ProxyOptions } from '../../src/index.js';

export const ADMIN_TOKEN = 'proxy-admin-token-for-tests';
/** The key ring of the tests' proxies. */
export const TEST_ENCRYPTION_KEYS: readonly EncryptionKey[] = [
  { id: 'test', key: new Uint8Array(32).fill(42) },
];

/** A connection's tokens as the proxy stored them in `storage`, opened with the tests' key ring. */
export function storedTokens(storage: VaultStorage, connection: string): Promise<TokenSet | undefined> {
  const upstream = { baseUrl: 'http://unused.test', clientId: 'x', clientSecret: 'x', signingSecret: 'x' };
  return createVault({ storage, keys: TEST_ENCRYPTION_KEYS, upstream, prefix: 'proxy:tokens:' }).tokens(
    connection,
  );
}

/** What `POST /_sandbox/tokens` answers. */
export interface Minted {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly signing_secret: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly country: string;
}

export interface Fixture {
  readonly app: ReturnType<typeof createProxy>;
  readonly storage: VaultStorage;
  readonly sandbox: MatrixSandbox;
  /** `METHOD url` of every request the proxy sent anywhere. */
  readonly sent: string[];
  /** The headers of each of those requests, as sent. */
  readonly sentHeaders: Headers[];
  readonly logs: string[];
  readonly keys: { readonly [name in 'deRead' | 'deWrite' | 'ptRead' | 'ptWrite']: string };
  readonly keyIds: { readonly [name in 'deRead' | 'deWrite' | 'ptRead' | 'ptWrite']: string };
  readonly minted: { readonly de: Minted; readonly pt: Minted };
  /** Calls the proxy's admin API. */
  admin(method: string, path: string, body?: unknown): Promise<Response>;
}

/** Calls the sandbox's admin API and returns the parsed JSON. */
export async function sandboxAdmin(sandbox: MatrixSandbox, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Mints tokens of a demo business at the sandbox. */
export function mint(sandbox: MatrixSandbox, business: 'de' | 'pt'): Promise<Minted> {
  return sandboxAdmin(sandbox, 'tokens', { business, scope: 'full_access' }) as Promise<Minted>;
}

/** Builds the proxy and connects `de` and `pt`; `options` override the defaults. */
export async function proxyFixture(
  options: Partial<ProxyOptions> & { readonly upstreamUrl?: string } = {},
): Promise<Fixture> {
  const sandbox = matrixSandbox();
  const sent: string[] = [];
  const sentHeaders: Headers[] = [];
  const logs: string[] = [];
  const [de, pt] = await Promise.all([mint(sandbox, 'de'), mint(sandbox, 'pt')]);
  const storage = options.storage ?? createMemoryStorage();
  const app = createProxy({
    upstream: {
      baseUrl: options.upstreamUrl ?? sandbox.url,
      clientId: de.client_id,
      clientSecret: de.client_secret,
      signingSecret: de.signing_secret,
    },
    storage,
    encryptionKeys: TEST_ENCRYPTION_KEYS,
    adminToken: ADMIN_TOKEN,
    fetch: (request) => {
      sent.push(`${request.method} ${request.url}`);
      sentHeaders.push(new Headers(request.headers));
      return fetch(request);
    },
    log: (line) => logs.push(line),
    ...options,
  });
  const admin = async (method: string, path: string, body?: unknown): Promise<Response> =>
    app.request(`/_proxy/${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  for (const [id, m] of [
    ['de', de],
    ['pt', pt],
  ] as const) {
    const r = await admin('POST', 'connections', {
      id,
      variant: id,
      access_token: m.access_token,
      refresh_token: m.refresh_token,
      expires_in: m.expires_in,
    });
    if (r.status !== 201) throw new Error(`connecting ${id} answered ${r.status}: ${await r.text()}`);
  }
  const key = async (connection: string, scope: string): Promise<{ id: string; key: string }> => {
    const r = await admin('POST', 'keys', { connection, scope });
    if (r.status !== 201) throw new Error(`key for ${connection} answered ${r.status}`);
    return (await r.json()) as { id: string; key: string };
  };
  const made = {
    deRead: await key('de', 'read'),
    deWrite: await key('de', 'write'),
    ptRead: await key('pt', 'read'),
    ptWrite: await key('pt', 'write'),
  };
  return {
    app,
    storage,
    sandbox,
    sent,
    sentHeaders,
    logs,
    minted: { de, pt },
    admin,
    keys: {
      deRead: made.deRead.key,
      deWrite: made.deWrite.key,
      ptRead: made.ptRead.key,
      ptWrite: made.ptWrite.key,
    },
    keyIds: {
      deRead: made.deRead.id,
      deWrite: made.deWrite.id,
      ptRead: made.ptRead.id,
      ptWrite: made.ptWrite.id,
    },
  };
}

/** Headers with a proxy key. */
export const withKey = (key: string, extra: Record<string, string> = {}): Record<string, string> => ({
  Authorization: `Bearer ${key}`,
  ...extra,
});

/**
 * Whether this runtime lets a caller set header `name` at all: browsers forbid `Origin`,
 * `Content-Length`, `Connection` and a few more, so rows that need them cannot be sent from there.
 */
export const settable = (name: string): boolean =>
  new Request('http://settable.test/', { headers: { [name]: 'v' } }).headers.has(name);
