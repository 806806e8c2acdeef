import { relative } from 'node:path';
import { type RunningProxy, startProxyServer } from '@acctkit/edge-proxy/node';
import { repoRoot } from '../paths.ts';
import { proxyState } from './proxy-state.ts';
import type { RunningService, Service, ServiceContext } from './service.ts';

const VARIANTS = ['de', 'pt'] as const;
const SCOPES = ['read', 'write'] as const;

/** The answer of the sandbox's `POST /_sandbox/tokens`: a grant of the demo app for one business. */
interface Minted {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly client_id: string;
  readonly client_secret: string;
  readonly signing_secret: string;
}

/** A key of the proxy's `GET /_proxy/keys` (never the key itself). */
interface ListedKey {
  readonly id: string;
  readonly connection: string;
  readonly scope: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

type Keys = Partial<Record<`${(typeof VARIANTS)[number]} ${(typeof SCOPES)[number]}`, string>>;

/** A call to an admin API (the sandbox's or the proxy's) with the admin token npm start shares. */
async function adminCall<T>(url: string, adminToken: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The proxy on the state kept beside the sandbox's data: the demo businesses connected again with
 * tokens minted now (registering replaces a connection's tokens and keeps its keys), and a key made
 * for each business and scope that has none. A key made at an earlier start still works; the proxy
 * kept only its hash, so it is not shown again.
 */
async function startKeepingKeys(
  { options, port, sandbox }: ServiceContext,
  database: string,
): Promise<{ proxy: RunningProxy; made: Keys; kept: ListedKey[]; stateFile: string }> {
  const minted: Record<string, Minted> = {};
  for (const business of VARIANTS)
    minted[business] = await adminCall<Minted>(`${sandbox.url}/_sandbox/tokens`, sandbox.adminToken, {
      business,
      scope: 'full_access',
    });
  const app = minted.de as Minted;
  const state = proxyState(database);
  const proxy = await startProxyServer({
    upstream: {
      baseUrl: sandbox.url,
      clientId: app.client_id,
      clientSecret: app.client_secret,
      signingSecret: app.signing_secret,
    },
    database: state.database,
    encryptionKeys: state.encryptionKeys,
    adminToken: sandbox.adminToken,
    port,
    host: options.host,
  });
  try {
    const admin = <T>(path: string, body?: unknown): Promise<T> =>
      adminCall<T>(`${proxy.url}/_proxy/${path}`, sandbox.adminToken, body);
    for (const variant of VARIANTS) {
      const m = minted[variant] as Minted;
      await admin('connections', {
        id: variant,
        variant,
        access_token: m.access_token,
        refresh_token: m.refresh_token,
        expires_in: m.expires_in,
      });
    }
    const live = (await admin<{ keys: ListedKey[] }>('keys')).keys.filter((k) => k.revoked_at === null);
    const made: Keys = {};
    const kept: ListedKey[] = [];
    for (const connection of VARIANTS)
      for (const scope of SCOPES) {
        const old = live.find((k) => k.connection === connection && k.scope === scope);
        if (old) kept.push(old);
        else
          made[`${connection} ${scope}`] = (await admin<{ key: string }>('keys', { connection, scope })).key;
      }
    const inRepo = relative(repoRoot, state.database);
    return { proxy, made, kept, stateFile: inRepo.startsWith('..') ? state.database : inRepo };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

/**
 * The signing proxy in front of the running sandbox: both demo businesses connected as `de` and
 * `pt`, a read and a write proxy key for each, and a `curl` through it that needs no signing. With the
 * sandbox's data on disk its keys are kept too (proxy-state.ts), and work after a restart.
 */
export const proxyService: Service = {
  name: 'signing proxy',
  port: 'proxy',
  async start(context): Promise<RunningService> {
    const { options, port, sandbox } = context;
    let proxy: RunningProxy;
    let made: Keys = {};
    let keptLines: string[] = [];
    if (options.database === ':memory:') {
      proxy = await startProxyServer({
        sandbox: { url: sandbox.url, adminToken: sandbox.adminToken },
        // One admin token for every service npm start runs: the one printed for the sandbox.
        adminToken: sandbox.adminToken,
        port,
        host: options.host,
      });
      const keys = proxy.keys;
      if (keys)
        made = {
          'de read': keys.de.read,
          'de write': keys.de.write,
          'pt read': keys.pt.read,
          'pt write': keys.pt.write,
        };
    } else {
      const started = await startKeepingKeys(context, options.database);
      proxy = started.proxy;
      made = started.made;
      if (started.kept.length > 0)
        keptLines = [
          `Proxy keys kept from an earlier start (${started.stateFile} holds only their hashes: use the keys printed then):`,
          ...started.kept.map(
            (k) => `  ${k.connection}  ${k.scope.padEnd(5)} ${k.id}  made ${k.created_at.slice(0, 16)}Z`,
          ),
          'Another key (shown once):',
          `  curl -s -X POST ${proxy.url}/_proxy/keys -H 'Authorization: Bearer <admin token>' -H 'Content-Type: application/json' -d '{"connection":"de","scope":"read"}'`,
        ];
    }
    const madeLines = Object.entries(made).map(
      ([which, key]) => `  ${which.replace(' ', '  ').padEnd(9)} ${key}`,
    );
    const readKey = made['de read'];
    const curl = `curl -s -H 'Authorization: Bearer ${readKey ?? '<de read key>'}' '${proxy.url}/accounts/v2/contacts?search=Ann&$itemsPerPage=2'`;
    return {
      name: 'signing proxy',
      url: proxy.url,
      lines: [
        `proxy URL:     ${proxy.url}  (the service's data paths; no signing, a proxy key instead)`,
        `admin API:     ${proxy.url}/_proxy/  (Authorization: Bearer <admin token>, the sandbox's)`,
        ...(madeLines.length > 0
          ? [
              options.database === ':memory:'
                ? 'Proxy keys (shown once; read keys can only GET):'
                : 'Proxy keys (shown once; read keys can only GET; kept, hashed, for the next start):',
              ...madeLines,
            ]
          : []),
        ...keptLines,
        `A call through the proxy (works as often as you like${readKey ? '' : ', with the de read key'}):`,
        `  ${curl}`,
      ],
      close: () => proxy.close(),
    };
  },
};
