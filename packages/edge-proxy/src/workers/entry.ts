/**
 * The Worker entry module `wrangler.toml` points at: the proxy's `fetch` handler and the vault's
 * Durable Object class.
 */
import { handleWorkerFetch } from './create-workers-proxy.js';
import type { ProxyWorkerEnv } from './durable-object-types.js';

export { VaultObject } from '@acctkit/token-vault/workers';

export default {
  fetch: (request: Request, env: ProxyWorkerEnv): Response | Promise<Response> =>
    handleWorkerFetch(request, env),
};
