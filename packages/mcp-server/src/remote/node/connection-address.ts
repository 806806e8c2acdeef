import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the peer of a request on `@hono/node-server`: the socket's, which the client cannot
 * forge. Behind a reverse proxy this is the proxy's address, so every client shares one bucket of
 * the per-address limits; pass a `clientAddress` that reads the proxy's header there instead.
 *
 * @example
 * ```ts
 * import { createSqliteStorage } from '@acctkit/token-vault/node';
 * import { createRemoteApp, parseRemoteConfig } from '@acctkit/mcp-server/remote';
 * import { connectionAddress } from '@acctkit/mcp-server/remote/node';
 *
 * const config = { ...parseRemoteConfig(process.env), clientAddress: connectionAddress };
 * const app = createRemoteApp(config, createSqliteStorage('mcp.sqlite'));
 * ```
 */
export function connectionAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket behind this request (for example `app.request()` in a test).
    return 'unknown';
  }
}
