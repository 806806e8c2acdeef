/**
 * The Worker entry module `wrangler.toml` points at: the proxy's `fetch` handler and its two Durable
 * Object classes.
 */
import { handleWorkerFetch } from './create-workers-proxy.js';
import type { ProxyWorkerEnv } from './durable-object-types.js';

export { ProxyConnection } from './proxy-connection.js';
export { ProxyRegistry } from './proxy-registry.js';

export default {
  fetch: (request: Request, env: ProxyWorkerEnv): Response | Promise<Response> =>
    handleWorkerFetch(request, env),
};
