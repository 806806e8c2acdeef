import type { AddressInfo } from 'node:net';
import { missingSandboxMessage } from '@acctkit/client/node';
import { createKeyRing, createMemoryStorage, type EncryptionKey, parseKeyRing } from '@acctkit/token-vault';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { serve } from '@hono/node-server';
import { createProxy } from '../create-proxy.js';
import { ProxyError } from '../proxy-error.js';
import type { ProxyOptions, UpstreamOptions } from '../proxy-options.js';

/** A sandbox already running elsewhere (its URL and admin token), to connect the proxy to. */
export interface ExternalSandbox {
  readonly url: string;
  readonly adminToken: string;
}

/** Options of {@link startProxyServer}. */
export interface ProxyServerOptions
  extends Partial<Omit<ProxyOptions, 'upstream' | 'storage' | 'fetch' | 'connect' | 'encryptionKeys'>> {
  /** Port; 0 picks a free one. Default 4020. */
  readonly port?: number | undefined;
  /** Interface to bind. Default `127.0.0.1`. */
  readonly host?: string | undefined;
  /**
   * `true`: start an in-process sandbox (fresh demo data in memory) as the upstream; an object: use a
   * sandbox already running at `url`. Either way the demo businesses are connected as `de` and `pt`
   * and a read and a write key is made for each. Leave out to proxy `upstream`.
   */
  readonly sandbox?: boolean | ExternalSandbox | undefined;
  /** The service and app registration; required without `sandbox`. */
  readonly upstream?: UpstreamOptions | undefined;
  /**
   * SQLite file for connections, sealed tokens and hashed keys (created `0600` in a `0700` folder).
   * Default: memory, lost when the proxy stops.
   */
  readonly database?: string | undefined;
  /**
   * The key ring sealing tokens at rest, as keys or their text form `id:base64,…` (current first).
   * Required with a `database` file; in memory a random key is made when none is given.
   */
  readonly encryptionKeys?: string | readonly EncryptionKey[] | undefined;
  /** Turns on `/connect` with `{publicUrl}/connect/callback` as the redirect URI (default: the server's URL). */
  readonly connect?:
    | boolean
    | { readonly publicUrl?: string; readonly redirectUri?: string; readonly authUrl?: string }
    | undefined;
}

/** The keys made for a sandbox's demo business, shown once. */
export interface DemoKeys {
  readonly read: string;
  readonly write: string;
}

/** A proxy listening on a real port. */
export interface RunningProxy {
  /** For example `http://127.0.0.1:4020`. */
  readonly url: string;
  readonly port: number;
  /** The admin token (`options.adminToken`, or a random one made for a sandbox run). */
  readonly adminToken: string | undefined;
  /** With `sandbox`: keys of the connections `de` and `pt`. */
  readonly keys: { readonly de: DemoKeys; readonly pt: DemoKeys } | undefined;
  /** With `sandbox`: where the upstream sandbox is (`in-process` for an in-process one). */
  readonly upstreamUrl: string;
  /** A ready-to-run `curl` through the proxy (with `sandbox`). */
  readonly curl: string | undefined;
  /** Stops listening and closes the storage (and an in-process sandbox). */
  close(): Promise<void>;
}

const randomToken = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('');

interface Minted {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  client_id: string;
  client_secret: string;
  signing_secret: string;
}

/**
 * Starts the proxy on a Node HTTP server, with SQLite storage (or memory); with `sandbox`, in front of a sandbox
 * whose two demo businesses are connected as `de` and `pt`.
 *
 * @param options - Port, host, sandbox or upstream, database, admin token and the proxy's options.
 * @returns The running proxy: `{ url, port, adminToken, keys, upstreamUrl, curl, close() }`.
 * @example
 * ```ts
 * import { startProxyServer } from '@acctkit/edge-proxy/node';
 * const proxy = await startProxyServer({ port: 0, sandbox: true });
 * const res = await fetch(`${proxy.url}/core/v2/business`, {
 *   headers: { Authorization: `Bearer ${proxy.keys?.de.read}` },
 * });
 * await proxy.close();
 * ```
 */
export async function startProxyServer(options: ProxyServerOptions = {}): Promise<RunningProxy> {
  const host = options.host ?? '127.0.0.1';
  const closers: (() => void | Promise<void>)[] = [];
  let upstream = options.upstream;
  let upstreamFetch: ((request: Request) => Promise<Response>) | undefined;
  let upstreamUrl = upstream?.baseUrl ?? '';
  let sandboxAdmin: ((path: string, body: unknown) => Promise<unknown>) | undefined;
  if (options.sandbox) {
    let send: (request: Request) => Promise<Response>;
    let adminToken: string;
    if (options.sandbox === true) {
      const { createSandbox } = await loadSandbox();
      adminToken = randomToken();
      const sandbox = createSandbox({ database: ':memory:', adminToken });
      closers.push(() => sandbox.close());
      send = (request) => sandbox.fetch(request);
      upstreamUrl = 'http://sandbox.in-process';
      upstreamFetch = send;
    } else {
      adminToken = options.sandbox.adminToken;
      send = (request) => fetch(request);
      upstreamUrl = options.sandbox.url.replace(/\/+$/, '');
    }
    sandboxAdmin = async (path, body) => {
      const response = await send(
        new Request(`${upstreamUrl}/_sandbox/${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (!response.ok) throw new Error(`The sandbox refused ${path} (${response.status}).`);
      return response.json();
    };
  }
  let minted: { de: Minted; pt: Minted } | undefined;
  if (sandboxAdmin) {
    const [de, pt] = (await Promise.all([
      sandboxAdmin('tokens', { business: 'de', scope: 'full_access' }),
      sandboxAdmin('tokens', { business: 'pt', scope: 'full_access' }),
    ])) as [Minted, Minted];
    minted = { de, pt };
    upstream = {
      baseUrl: upstreamUrl,
      clientId: de.client_id,
      clientSecret: de.client_secret,
      signingSecret: de.signing_secret,
    };
  }
  if (!upstream) throw new Error('Give `upstream` (the service and app registration) or `sandbox`.');

  const onDisk = options.database !== undefined && options.database !== ':memory:';
  const given = options.encryptionKeys;
  if (onDisk && (given === undefined || given.length === 0))
    throw new ProxyError(
      'invalid_configuration',
      "A database file needs an encryption key ring for the tokens it keeps (encryptionKeys; acctkit-proxy reads ACCTKIT_PROXY_ENCRYPTION_KEYS). Make one with: node -e \"console.log('k1:' + require('node:crypto').randomBytes(32).toString('base64url'))\"",
    );
  const encryptionKeys = createKeyRing(
    typeof given === 'string'
      ? parseKeyRing(given, 'ACCTKIT_PROXY_ENCRYPTION_KEYS')
      : (given ?? [{ id: 'memory', key: crypto.getRandomValues(new Uint8Array(32)) }]),
  );
  const storage = onDisk ? createSqliteStorage(options.database as string) : createMemoryStorage();
  if (onDisk) closers.push(() => (storage as ReturnType<typeof createSqliteStorage>).close());
  const adminToken = options.adminToken ?? (options.sandbox ? randomToken() : undefined);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  // Listen first: with port 0 the URL (the connect flow's callback) is known only then.
  let app: ReturnType<typeof createProxy> | undefined;
  let url = '';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: (request) => (app ? app.fetch(request) : new Response('starting', { status: 503 })),
        port: options.port ?? 4020,
        hostname: host,
      },
      (info: AddressInfo) => {
        url = `http://${shownHost}:${info.port}`;
        resolve(s);
      },
    );
    s.once('error', reject);
  });
  const {
    port: _port,
    host: _host,
    sandbox: _sandbox,
    database: _database,
    encryptionKeys: _encryptionKeys,
    connect: wantConnect,
    ...proxyOptions
  } = options;
  const connectOptions = typeof wantConnect === 'object' ? wantConnect : {};
  app = createProxy({
    ...proxyOptions,
    upstream,
    storage,
    encryptionKeys,
    adminToken,
    fetch: upstreamFetch,
    connect: wantConnect
      ? {
          publicUrl: connectOptions.publicUrl ?? url,
          redirectUri: connectOptions.redirectUri,
          authUrl: connectOptions.authUrl,
        }
      : undefined,
  });
  const proxy = app;
  const close = (): Promise<void> =>
    new Promise<void>((done) => {
      server.close(async () => {
        for (const c of closers.reverse()) await c();
        done();
      });
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    });

  let keys: RunningProxy['keys'];
  if (minted && adminToken) {
    const admin = async (path: string, body: unknown): Promise<Record<string, string>> => {
      const response = await proxy.request(`/_proxy/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`The proxy refused ${path} (${response.status}).`);
      return (await response.json()) as Record<string, string>;
    };
    const made: Record<string, DemoKeys> = {};
    for (const variant of ['de', 'pt'] as const) {
      const m = minted[variant];
      await admin('connections', {
        id: variant,
        variant,
        access_token: m.access_token,
        refresh_token: m.refresh_token,
        expires_in: m.expires_in,
      });
      const read = await admin('keys', { connection: variant, scope: 'read' });
      const write = await admin('keys', { connection: variant, scope: 'write' });
      made[variant] = { read: read.key ?? '', write: write.key ?? '' };
    }
    keys = { de: made.de as DemoKeys, pt: made.pt as DemoKeys };
  }
  const address = server.address() as AddressInfo;
  return {
    url,
    port: address.port,
    adminToken,
    keys,
    upstreamUrl,
    curl: keys
      ? `curl -s -H 'Authorization: Bearer ${keys.de.read}' '${url}/accounts/v2/contacts?search=Ann&$itemsPerPage=2'`
      : undefined,
    close,
  };
}

/** `@acctkit/sandbox`, an optional peer: only `sandbox: true` needs it (and the SQLite module it brings). */
async function loadSandbox(): Promise<typeof import('@acctkit/sandbox')> {
  try {
    return await import('@acctkit/sandbox');
  } catch (cause) {
    if ((cause as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw cause;
    throw new ProxyError(
      'invalid_configuration',
      missingSandboxMessage('@acctkit/edge-proxy', 'acctkit-proxy'),
      { cause },
    );
  }
}
