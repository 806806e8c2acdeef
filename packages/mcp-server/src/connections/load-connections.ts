import type { BusinessConnection } from '../business-connection.js';
import { connectFromEnv, type Env, hasEnvConnection } from './connect-from-env.js';
import type { SandboxConnectionOptions } from './connect-sandbox.js';
import { ConnectionError } from './connection-error.js';

/** Options of {@link loadConnections}. */
export interface LoadConnectionsOptions {
  /** Serve a sandbox's demo businesses: `true` for a new in-memory one, or a running one with its admin token. */
  readonly sandbox?: boolean | NonNullable<SandboxConnectionOptions['sandbox']> | undefined;
  /** The environment to read `ACCTKIT_*` variables from (default `process.env`). */
  readonly env?: Env | undefined;
  /** The fetch the clients send with (default the global one). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
}

/** Where the served connections came from. */
export type ConnectionSource = 'sandbox' | 'env' | 'store';

/** The connections to serve, where they came from, and how to let them go. */
export interface LoadedConnections {
  readonly connections: BusinessConnection[];
  readonly source: ConnectionSource;
  /** Closes what loading opened (the in-process sandbox). */
  close(): Promise<void>;
  /**
   * Finishes what loading left for later so that a server can answer first: the in-process sandbox
   * (`sandbox: true`) starts here, or on the first call. Rejects with the reason it cannot start.
   */
  start?(): Promise<void>;
}

/** What to run when there is nothing to serve; printed by the start-up error. */
export const NO_CONNECTIONS_HELP: string =
  'No business is connected. Try the demo data with `acctkit-mcp --sandbox`, connect a business with ' +
  '`acctkit login` (or `acctkit login --sandbox` against a local sandbox), or set ACCTKIT_BASE_URL, ' +
  'ACCTKIT_COUNTRY, ACCTKIT_SIGNING_SECRET and ACCTKIT_ACCESS_TOKEN or ACCTKIT_REFRESH_TOKEN ' +
  '(with ACCTKIT_CLIENT_ID and ACCTKIT_CLIENT_SECRET).';

/**
 * Finds the businesses to serve, in this order: the sandbox when asked for; the single business of the
 * `ACCTKIT_*` variables when a token is set; the connections of `acctkit login` in the connection store
 * (`ACCTKIT_CONNECTIONS_FILE` or its default path).
 *
 * @param options - Sandbox, environment and fetch.
 * @returns The connections and their source.
 * @throws ConnectionError `NO_CONNECTIONS` (with what to run) when none is found, or the error of the source.
 * @example
 * ```ts
 * import { createServer } from '@acctkit/mcp-server';
 * import { loadConnections } from '@acctkit/mcp-server/node';
 * const { connections, close } = await loadConnections({ sandbox: true });
 * const server = createServer({ connections });
 * ```
 */
export async function loadConnections(options: LoadConnectionsOptions = {}): Promise<LoadedConnections> {
  const env = options.env ?? process.env;
  // Each source is imported when chosen, so a start-up loads only its own (the store brings file
  // locking, the sandbox SQLite).
  if (options.sandbox === true) {
    const { sandboxOnFirstUse } = await import('./connect-sandbox.js');
    const deferred = sandboxOnFirstUse();
    return {
      connections: deferred.connections,
      source: 'sandbox',
      close: deferred.close,
      start: deferred.start,
    };
  }
  if (options.sandbox) {
    const { connectSandbox } = await import('./connect-sandbox.js');
    const loaded = await connectSandbox({ sandbox: options.sandbox });
    return { connections: loaded.connections, source: 'sandbox', close: loaded.close };
  }
  if (hasEnvConnection(env)) {
    const connection = await connectFromEnv(env, options.fetch);
    return { connections: [connection], source: 'env', close: async () => {} };
  }
  const { connectFromStore } = await import('./connect-from-store.js');
  const connections = await connectFromStore(env, options.fetch);
  if (connections.length === 0) throw new ConnectionError('NO_CONNECTIONS', NO_CONNECTIONS_HELP);
  return { connections, source: 'store', close: async () => {} };
}
