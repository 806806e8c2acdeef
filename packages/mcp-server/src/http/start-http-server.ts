import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { createMemoryStorage } from '@acctkit/token-vault';
import { serve } from '@hono/node-server';
import type { BusinessConnection } from '../business-connection.js';
import type { Env } from '../connections/connect-from-env.js';
import { ConnectionError } from '../connections/connection-error.js';
import { type LoadConnectionsOptions, loadConnections } from '../connections/load-connections.js';
import { createServer } from '../create-server.js';
import type { ServerOptions } from '../server-options.js';
import { checkBearerToken } from './bearer-guard.js';
import { createHttpApp } from './create-http-app.js';
import { LOOPBACK_HOSTS } from './host-guard.js';
import { isLoopbackHost } from './loopback-host.js';

/** Options of {@link startHttpServer}: what to serve, the catalogue, and where to listen. */
export interface HttpServerOptions extends Omit<ServerOptions, 'connections'> {
  /** The businesses to serve. Without them, they are loaded as `acctkit-mcp` does (`sandbox`, env, store). */
  readonly connections?: readonly BusinessConnection[] | undefined;
  /** Without `connections`: `true` for a new in-memory sandbox, or a running sandbox with its admin token. */
  readonly sandbox?: LoadConnectionsOptions['sandbox'];
  /** Without `connections` and `sandbox`: the environment to read `ACCTKIT_*` from (default `process.env`). */
  readonly env?: Env | undefined;
  /** Port (default 3001; 0 picks a free one). */
  readonly port?: number | undefined;
  /**
   * Host to bind (default `127.0.0.1`). A host other than loopback (`localhost`, 127.0.0.0/8, `::1`)
   * needs `bearerToken`.
   */
  readonly host?: string | undefined;
  /**
   * Host names accepted in `Host`/`Origin`. Default: the loopback names, plus `host` when it names one
   * interface; for a wildcard `host` with a `bearerToken`, also the machine's interface addresses and
   * host name.
   */
  readonly allowedHosts?: readonly string[] | undefined;
  /**
   * A token of at least 32 characters every request must send as `Authorization: Bearer <token>`
   * (401 otherwise). Required for a host other than loopback; optional on loopback.
   */
  readonly bearerToken?: string | undefined;
}

/** A listening MCP HTTP server. */
export interface RunningHttpServer {
  /** The MCP endpoint, for example `http://127.0.0.1:3001/mcp`. */
  readonly url: string;
  /** The businesses it serves. */
  readonly connections: readonly BusinessConnection[];
  /** Stops listening, ends open streams, and closes what it opened (an in-memory sandbox). */
  close(): Promise<void>;
}

/**
 * Serves the MCP server over Streamable HTTP at `/mcp` (stateless: a fresh server and transport per
 * request), on loopback by default, refusing foreign `Host` and `Origin` headers with 403. A host other
 * than loopback is served only with a `bearerToken`, which every request must then carry.
 *
 * @param options - Connections (or `sandbox`), catalogue selection (`readOnly`, `toolsets`, `tools`),
 *   port, host and bearer token.
 * @returns The URL of the endpoint, the connections and `close()`.
 * @throws ConnectionError when no connection can be loaded, and `INVALID_ARGUMENT` for a host other
 *   than loopback without a bearer token or a token shorter than 32 characters.
 * @example
 * ```ts
 * import { startHttpServer } from '@acctkit/mcp-server/node';
 * const server = await startHttpServer({ sandbox: true, port: 0 });
 * console.log(server.url); // http://127.0.0.1:54321/mcp
 * await server.close();
 * ```
 */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const {
    connections: given,
    sandbox,
    env,
    port = 3001,
    host = '127.0.0.1',
    allowedHosts,
    bearerToken,
    ...selection
  } = options;
  if (bearerToken === undefined && !isLoopbackHost(host))
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `Host ${host} can be reached from the network: serve it only with a bearerToken every request must send.`,
    );
  if (bearerToken !== undefined) checkBearerToken(bearerToken);
  const loaded: {
    connections: readonly BusinessConnection[];
    close(): Promise<void>;
    start?(): Promise<void>;
  } = given ? { connections: given, close: async () => {} } : await loadConnections({ sandbox, env });
  // Over HTTP nobody waits on a first reply: a sandbox that cannot start fails the start-up here.
  await loaded.start?.();
  // One store of pending approvals for the servers of every request (a card answers in a later one).
  const approvals = createMemoryStorage();
  const app = createHttpApp({
    createServer: () => createServer({ ...selection, connections: loaded.connections, approvals }),
    allowedHosts:
      allowedHosts ??
      (isWildcard(host) && bearerToken !== undefined ? machineHosts() : allowedHostsFor(host)),
    bearerToken,
  });
  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (error) {
    await loaded.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const urlHost = isWildcard(host) ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : host;
  return {
    url: `http://${urlHost}:${address.port}/mcp`,
    connections: loaded.connections,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await loaded.close();
    },
  };
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** Loopback names, plus the bound host when it names one interface (a wildcard adds nothing). */
export function allowedHostsFor(host: string): string[] {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return isWildcard(host) || LOOPBACK_HOSTS.includes(name.toLowerCase())
    ? [...LOOPBACK_HOSTS]
    : [...LOOPBACK_HOSTS, name.toLowerCase()];
}

/**
 * What a client may call a wildcard-bound server: the loopback names, every address of the machine's
 * interfaces and its host name. Only served with a bearer token, which is what keeps a rebound DNS name
 * out; the list still turns away requests meant for another site.
 */
function machineHosts(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((a) => (a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address)),
  );
  return [...new Set([...LOOPBACK_HOSTS, ...addresses, hostname()].map((h) => h.toLowerCase()))];
}
