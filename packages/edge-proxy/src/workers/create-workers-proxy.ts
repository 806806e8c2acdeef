import { parseKeyRing } from '@acctkit/token-vault';
import { createDurableObjectStorage } from '@acctkit/token-vault/workers';
import type { Hono } from 'hono';
import { createProxy } from '../create-proxy.js';
import type { ProxyEnv } from '../proxy-env.js';
import type { ProxyOptions } from '../proxy-options.js';
import type { ProxyWorkerEnv } from './durable-object-types.js';

/**
 * The proxy on Cloudflare Workers: storage and the refresh lease on the vault's Durable Objects
 * (one `VaultObject` per stored key), settings from the Worker's environment (`UPSTREAM_URL`, secrets
 * `CLIENT_ID`, `CLIENT_SECRET`, `SIGNING_SECRET`, `ENCRYPTION_KEYS`, `ADMIN_TOKEN`, optional
 * `CORS_ORIGINS`, `PUBLIC_URL`, `CONNECT_REDIRECT_URI`, `RATE_LIMIT_PER_MINUTE`). One log record per request goes to
 * `console.log` as an object, which Workers Logs index; pass `log` in `extra` to send it elsewhere.
 *
 * @param env - The Worker's `env`.
 * @param extra - Further proxy options (a log sink, limits), overriding those from `env` and the console log.
 * @returns The Hono app.
 * @example
 * ```ts
 * import { createWorkersProxy, type ProxyWorkerEnv, VaultObject } from '@acctkit/edge-proxy/workers';
 * export { VaultObject };
 * export default {
 *   fetch: (request: Request, env: ProxyWorkerEnv) => createWorkersProxy(env).fetch(request),
 * };
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
    storage: createDurableObjectStorage(env.VAULT),
    encryptionKeys: parseKeyRing(env.ENCRYPTION_KEYS ?? '', 'ENCRYPTION_KEYS'),
    adminToken: env.ADMIN_TOKEN || undefined,
    corsOrigins: env.CORS_ORIGINS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    connect: env.PUBLIC_URL
      ? { publicUrl: env.PUBLIC_URL, redirectUri: env.CONNECT_REDIRECT_URI || undefined }
      : undefined,
    rateLimit: perMinute > 0 ? { requests: perMinute } : false,
    // One object per request on the console: Workers Logs (and `wrangler tail`, Logpush, Tail Workers)
    // collect it and index its fields.
    // biome-ignore lint/suspicious/noConsole: the console is the Workers runtime's log.
    log: (_line, record) => console.log(record),
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
 * export { VaultObject } from '@acctkit/edge-proxy/workers';
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
