import type { Hono } from 'hono';
import { createProxy } from '../create-proxy.js';
import type { ProxyEnv } from '../proxy-env.js';
import type { ProxyOptions } from '../proxy-options.js';
import { durableObjectBroker, durableObjectStorage } from './durable-object-storage.js';
import type { ProxyWorkerEnv } from './durable-object-types.js';

/**
 * The proxy on Cloudflare Workers: storage and token refresh on Durable Objects, settings from the
 * Worker's environment (`UPSTREAM_URL`, secrets `CLIENT_ID`, `CLIENT_SECRET`, `SIGNING_SECRET`,
 * `ADMIN_TOKEN`, optional `CORS_ORIGINS`, `PUBLIC_URL`, `RATE_LIMIT_PER_MINUTE`).
 *
 * @param env - The Worker's `env`.
 * @param extra - Further proxy options (a log sink, limits), overriding those from `env`.
 * @returns The Hono app.
 * @example
 * ```ts
 * import { createWorkersProxy, ProxyConnection, ProxyRegistry } from '@acctkit/edge-proxy/workers';
 * export { ProxyConnection, ProxyRegistry };
 * export default { fetch: (request, env) => createWorkersProxy(env).fetch(request) };
 * ```
 */
export function createWorkersProxy(env: ProxyWorkerEnv, extra: Partial<ProxyOptions> = {}): Hono<ProxyEnv> {
  const perMinute = env.RATE_LIMIT_PER_MINUTE === undefined ? 600 : Number(env.RATE_LIMIT_PER_MINUTE);
  return createProxy({
    upstream: {
      baseUrl: env.UPSTREAM_URL,
      clientId: env.CLIENT_ID,
      clientSecret: env.CLIENT_SECRET,
      signingSecret: env.SIGNING_SECRET,
    },
    storage: durableObjectStorage(env.PROXY_CONNECTIONS, env.PROXY_REGISTRY),
    broker: durableObjectBroker(env.PROXY_CONNECTIONS),
    adminToken: env.ADMIN_TOKEN || undefined,
    corsOrigins: env.CORS_ORIGINS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    connect: env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : undefined,
    rateLimit: perMinute > 0 ? { requests: perMinute } : false,
    ...extra,
  });
}

const apps = new WeakMap<object, Hono<ProxyEnv>>();

/**
 * The Worker's `fetch` handler: one app per `env` object (per isolate), built on first use.
 *
 * @param request - The request.
 * @param env - The Worker's `env`.
 * @returns The response.
 * @example
 * ```ts
 * import { handleWorkerFetch } from '@acctkit/edge-proxy/workers';
 * export { ProxyConnection, ProxyRegistry } from '@acctkit/edge-proxy/workers';
 * export default { fetch: handleWorkerFetch };
 * ```
 */
export function handleWorkerFetch(request: Request, env: ProxyWorkerEnv): Response | Promise<Response> {
  let app = apps.get(env);
  if (!app) {
    app = createWorkersProxy(env);
    apps.set(env, app);
  }
  return app.fetch(request);
}
