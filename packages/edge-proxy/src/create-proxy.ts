import { createVault } from '@acctkit/token-vault';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { adminRoutes } from './admin-routes.js';
import { connectRoutes } from './connect-routes.js';
import { connectionTokens } from './connection-tokens.js';
import { forwardRequest } from './forward-request.js';
import { healthRoute } from './health-route.js';
import { jsonLogger } from './json-logger.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import type { ProxyOptions } from './proxy-options.js';
import { createProxyStore } from './proxy-store.js';
import { createRateLimiter } from './rate-limiter.js';
import { requestLog } from './request-log.js';

const MiB = 1024 * 1024;

/**
 * Creates the proxy: a Hono app that takes plain requests on the service's own data paths with a
 * proxy key, picks the key's connection, gets a live access token, signs the request and forwards it
 * to the configured service, streaming the answer back. Runtime-neutral (Web APIs only): serve it
 * with `export default app` on Workers, Deno and Bun, or `@acctkit/edge-proxy/node` on Node.
 *
 * @param options - Upstream registration, storage, key ring, admin token, limits, CORS origins, log sink.
 * @returns The Hono app; `app.fetch(request)` answers a request.
 * @throws ProxyError `invalid_configuration` for a missing or malformed option.
 * @example
 * ```ts
 * import { createProxy } from '@acctkit/edge-proxy';
 * import { createMemoryStorage, parseKeyRing } from '@acctkit/token-vault';
 * declare const clientId: string, clientSecret: string, signingSecret: string, ENCRYPTION_KEYS: string;
 * const app = createProxy({
 *   upstream: { baseUrl: 'https://api.accounting.example', clientId, clientSecret, signingSecret },
 *   storage: createMemoryStorage(),
 *   encryptionKeys: parseKeyRing(ENCRYPTION_KEYS),
 *   adminToken: 'a long random admin token',
 * });
 * export default app;
 * ```
 */
export function createProxy(options: ProxyOptions): Hono<ProxyEnv> {
  const { upstream, storage } = options;
  const baseUrl = upstream.baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#@\\]+$/i.test(baseUrl))
    throw new ProxyError(
      'invalid_configuration',
      'upstream.baseUrl must be an http(s) origin without a path.',
    );
  if (!upstream.clientId || !upstream.clientSecret || !upstream.signingSecret)
    throw new ProxyError('invalid_configuration', 'upstream needs clientId, clientSecret and signingSecret.');
  if (options.adminToken !== undefined && options.adminToken.length < 16)
    throw new ProxyError('invalid_configuration', 'adminToken must be at least 16 characters.');
  const now = options.now ?? Date.now;
  const upstreamFetch = options.fetch ?? ((request: Request) => fetch(request));
  const injectedFetch = options.fetch;
  let vault: ReturnType<typeof createVault>;
  try {
    vault = createVault({
      storage,
      keys: options.encryptionKeys,
      upstream: { ...upstream, baseUrl },
      fetch: upstreamFetch,
      now,
      prefix: 'proxy:tokens:',
    });
  } catch (cause) {
    throw new ProxyError('invalid_configuration', `encryptionKeys: ${(cause as Error).message}`, { cause });
  }
  const store = createProxyStore(storage, vault, now);
  const tokens = connectionTokens(vault);
  const log = jsonLogger(options.log);
  const limit = options.rateLimit === undefined ? { requests: 600 } : options.rateLimit;
  const forward = {
    baseUrl,
    store,
    tokens,
    fetch: injectedFetch,
    bodyLimit: options.bodyLimit ?? MiB,
    timeoutMs: options.timeoutMs ?? 30_000,
    userAgent: options.userAgent ?? 'acctkit-edge-proxy',
    takeRate: limit ? createRateLimiter(limit) : undefined,
    now,
  };

  const app = new Hono<ProxyEnv>();
  // Names the request (the caller's plain X-Request-Id or a UUID) and logs it once answered.
  app.use(requestLog(options.log === undefined ? undefined : log, now));
  if (options.corsOrigins?.length) {
    const allowed = new Set(options.corsOrigins);
    app.use(
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
        exposeHeaders: ['X-Request-Id', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  app.onError((err, c) => {
    const known = err instanceof ProxyError ? err : undefined;
    if (!known) log('error', { request_id: c.get('requestId'), error: err.name, message: err.message });
    const code = known?.code ?? 'internal_error';
    const response = Response.json(
      { error: code, error_description: known?.message ?? 'The proxy failed; see its log.' },
      { status: known?.status ?? 500 },
    );
    if (known?.retryAfter !== undefined) response.headers.set('retry-after', String(known.retryAfter));
    response.headers.set('x-request-id', c.get('requestId'));
    return response;
  });

  app.route('/', healthRoute());
  if (options.adminToken) {
    const connectUrl = options.connect
      ? `${options.connect.publicUrl.replace(/\/+$/, '')}/connect`
      : undefined;
    app.route(
      '/_proxy',
      adminRoutes({
        adminToken: options.adminToken,
        store,
        tokens,
        now,
        connectUrl,
        linkTtlMs: options.connect?.linkTtlMs ?? 24 * 3600_000,
      }),
    );
    if (options.connect) {
      app.route(
        '/',
        connectRoutes({
          redirectUri: options.connect.redirectUri ?? `${connectUrl}/callback`,
          authUrl: options.connect.authUrl ?? baseUrl,
          scope: options.connect.scope ?? 'full_access',
          upstream: { ...upstream, baseUrl },
          store,
          tokens,
          fetch: upstreamFetch,
          now,
        }),
      );
    }
  }
  app.all('*', (c) => forwardRequest(c, forward));
  return app;
}
