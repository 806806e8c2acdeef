import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the peer of a request on `@hono/node-server`: the socket's, which the client cannot
 * forge. Behind a reverse proxy this is the proxy's address, so every client shares one bucket of
 * the per-address limits; pass a `clientAddress` that reads the proxy's header there instead.
 *
 * @example
 * ```ts
 * const app = createRemoteApp({ ...config, clientAddress: connectionAddress }, storage);
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
