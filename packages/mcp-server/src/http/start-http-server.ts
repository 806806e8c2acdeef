import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { BusinessConnection } from '../business-connection.js';
import type { Env } from '../connections/connect-from-env.js';
import { type LoadConnectionsOptions, loadConnections } from '../connections/load-connections.js';
import { createServer, type ServerOptions } from '../create-server.js';
import { createHttpApp } from './create-http-app.js';
import { LOOPBACK_HOSTS } from './host-guard.js';

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
  /** Host to bind (default `127.0.0.1`). */
  readonly host?: string | undefined;
  /** Host names accepted in `Host`/`Origin` (default: the loopback names, plus `host` when it is a name). */
  readonly allowedHosts?: readonly string[] | undefined;
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
 * request), on loopback by default, refusing foreign `Host` and `Origin` headers with 403.
 *
 * @param options - Connections (or `sandbox`), catalogue selection (`readOnly`, `toolsets`, `tools`), port and host.
 * @returns The URL of the endpoint, the connections and `close()`.
 * @throws ConnectionError when no connection can be loaded.
 * @example
 * ```ts
 * import { startHttpServer } from '@acctkit/mcp-server';
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
    ...selection
  } = options;
  const loaded = given
    ? { connections: given, close: async () => {} }
    : await loadConnections({ sandbox, env });
  const app = createHttpApp({
    createServer: () => createServer({ ...selection, connections: loaded.connections }),
    allowedHosts: allowedHosts ?? allowedHostsFor(host),
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
