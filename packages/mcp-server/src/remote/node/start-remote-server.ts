import type { AddressInfo } from 'node:net';
import type { VaultStorage } from '@acctkit/token-vault';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { serve } from '@hono/node-server';
import { isLoopbackHost } from '../../http/loopback-host.js';
import { createRemoteApp } from '../create-remote-app.js';
import { parseRemoteConfig, type RemoteConfig } from '../remote-config.js';
import { RemoteError } from '../remote-error.js';
import type { RequestLogSink } from '../request-log-record.js';
import { connectionAddress } from './connection-address.js';
import { pinnedMetadataFetch } from './pinned-metadata-fetch.js';

/** Options of {@link startRemoteServer}: the configuration plus where to listen and store. */
export interface RemoteServerOptions extends Omit<RemoteConfig, 'publicUrl'> {
  /** The public URL; default `http://<host>:<port>` of the bound socket (local use and tests). */
  readonly publicUrl?: string | undefined;
  /** Port; 0 picks a free one. Default 3001. */
  readonly port?: number | undefined;
  /** Interface to bind. Default `127.0.0.1`; `0.0.0.0` in a container. */
  readonly host?: string | undefined;
  /** SQLite file (default `.acctkit/mcp-remote.sqlite`); ignored when `storage` is given. */
  readonly database?: string | undefined;
  /** Storage to use instead of SQLite. */
  readonly storage?: VaultStorage | undefined;
}

/** A remote MCP server listening on Node. */
export interface RunningRemoteServer {
  /** The public URL (without `/mcp`). */
  readonly url: string;
  /** The MCP endpoint users add to their client: `${url}/mcp`. */
  readonly mcpUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts the remote MCP server on Node with SQLite storage: what `acctkit-mcp serve` runs.
 *
 * @example
 * ```ts
 * import { parseRemoteConfig } from '@acctkit/mcp-server/remote';
 * import { startRemoteServer } from '@acctkit/mcp-server/remote/node';
 * const server = await startRemoteServer({
 *   ...parseRemoteConfig(process.env, { publicUrl: 'https://mcp.example.com' }),
 *   port: 3001,
 * });
 * ```
 */
export async function startRemoteServer(options: RemoteServerOptions): Promise<RunningRemoteServer> {
  const storage =
    options.storage ??
    createSqliteStorage(options.database ?? '.acctkit/mcp-remote.sqlite', { now: options.now });
  const host = options.host ?? '127.0.0.1';
  type Handler = (request: Request, env: unknown) => Response | Promise<Response>;
  let handler: Handler | undefined;
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        // The env carries the Node socket, from which `connectionAddress` reads the client's address.
        fetch: (request: Request, env: unknown) => (handler as Handler)(request, env),
        port: options.port ?? 3001,
        hostname: host,
      },
      (info: AddressInfo) => {
        const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
        const url = (options.publicUrl ?? `http://${shown}:${info.port}`).replace(/\/+$/, '');
        try {
          const app = createRemoteApp(
            {
              ...options,
              publicUrl: url,
              clientAddress: options.clientAddress ?? connectionAddress,
              fetchClientMetadata:
                options.fetchClientMetadata ??
                pinnedMetadataFetch({ allowLoopback: options.allowLoopbackClientMetadata }),
            },
            storage,
          );
          handler = (request, env) => app.fetch(request, env as object);
        } catch (err) {
          server.close();
          reject(err);
          return;
        }
        resolve({
          url,
          mcpUrl: `${url}/mcp`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                if (!options.storage) (storage as { close?: () => void }).close?.();
                done();
              });
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}

/** Flags of `acctkit-mcp serve`: they win over the environment. */
export interface ServeFlags {
  readonly port?: number | undefined;
  readonly host?: string | undefined;
  readonly publicUrl?: string | undefined;
  /** Where the request log goes (`acctkit-mcp serve`: JSON lines on stdout); default none. */
  readonly requestLog?: RequestLogSink | undefined;
}

/**
 * What `acctkit-mcp serve` runs: the configuration from environment variables (docs/remote.md),
 * `--port` (default `ACCTKIT_MCP_PORT` or 3001), `--host` (default `ACCTKIT_MCP_HOST` or 127.0.0.1),
 * `--public-url` (default `ACCTKIT_MCP_PUBLIC_URL`; on a loopback host, default the bound address),
 * SQLite at `ACCTKIT_MCP_DATABASE`.
 *
 * @throws RemoteError `CONFIG` naming the first missing or malformed variable.
 * @example
 * ```ts
 * const server = await startRemoteServerFromEnv(process.env, { port: 3001, publicUrl: 'https://mcp.example.com' });
 * process.stdout.write(`Remote MCP server: ${server.mcpUrl}\n`);
 * ```
 */
export function startRemoteServerFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  flags: ServeFlags = {},
): Promise<RunningRemoteServer> {
  const host = flags.host ?? env.ACCTKIT_MCP_HOST ?? '127.0.0.1';
  const publicUrl = flags.publicUrl ?? env.ACCTKIT_MCP_PUBLIC_URL?.trim();
  // Without a public URL, a loopback server names itself after its bound address (local use).
  if (!publicUrl && !isLoopbackHost(host))
    throw new RemoteError('CONFIG', 'ACCTKIT_MCP_PUBLIC_URL (or --public-url) is required off localhost.');
  const config = parseRemoteConfig(env, { publicUrl: publicUrl || 'http://127.0.0.1' });
  const port = flags.port ?? (env.ACCTKIT_MCP_PORT ? Number(env.ACCTKIT_MCP_PORT) : 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RemoteError('CONFIG', 'The port must be a whole number from 0 to 65535.');
  return startRemoteServer({
    ...config,
    publicUrl: publicUrl ? config.publicUrl : undefined,
    port,
    host,
    database: env.ACCTKIT_MCP_DATABASE || '.acctkit/mcp-remote.sqlite',
    requestLog: flags.requestLog,
  });
}
