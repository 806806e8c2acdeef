import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { adminRoutes } from './admin-routes.js';
import { connectRoutes } from './connect-routes.js';
import { forwardRequest } from './forward-request.js';
import { jsonLogger } from './json-logger.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import { cachedKeyHasher } from './proxy-keys.js';
import type { ProxyOptions } from './proxy-options.js';
import { createRateLimiter } from './rate-limiter.js';
import { createTokenBroker } from './token-broker.js';

const MiB = 1024 * 1024;

/**
 * Creates the proxy: a Hono app that takes plain requests on the service's own data paths with a
 * proxy key, picks the key's connection, gets a live access token, signs the request and forwards it
 * to the configured service, streaming the answer back. Runtime-neutral (Web APIs only): serve it
 * with `export default app` on Workers, Deno and Bun, or `@acctkit/edge-proxy/node` on Node.
 *
 * @param options - Upstream registration, storage, admin token, limits, CORS origins, log sink.
 * @returns The Hono app; `app.fetch(request)` answers a request.
 * @throws ProxyError `invalid_configuration` for a missing or malformed option.
 * @example
 * ```ts
 * import { createMemoryStorage, createProxy } from '@acctkit/edge-proxy';
 * const app = createProxy({
 *   upstream: { baseUrl: 'https://api.accounting.example', clientId, clientSecret, signingSecret },
 *   storage: createMemoryStorage(),
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
  const broker =
    options.broker ??
    createTokenBroker({ upstream: { ...upstream, baseUrl }, storage, fetch: upstreamFetch, now });
  const log = jsonLogger(options.log);
  const limit = options.rateLimit === undefined ? { requests: 600 } : options.rateLimit;
  const forward = {
    baseUrl,
    storage,
    broker,
    fetch: injectedFetch,
    bodyLimit: options.bodyLimit ?? MiB,
    timeoutMs: options.timeoutMs ?? 30_000,
    userAgent: options.userAgent ?? 'acctkit-edge-proxy',
    takeRate: limit ? createRateLimiter(limit) : undefined,
    now,
    hashKey: cachedKeyHasher(),
  };

  const app = new Hono<ProxyEnv>();
  const logging = options.log !== undefined;
  app.use(async (c, next) => {
    const started = now();
    c.set('requestId', crypto.randomUUID());
    await next();
    c.res.headers.set('x-request-id', c.get('requestId'));
    if (!logging) return;
    const [, path = ''] = /^[^:]+:\/\/[^/?#]*([^?#]*)/.exec(c.req.url) ?? [];
    log(c.res.status >= 500 ? 'error' : 'info', {
      request_id: c.get('requestId'),
      method: c.req.method,
      // The path only: a query may hold personal data.
      path: path.slice(0, 200),
      status: c.res.status,
      ms: now() - started,
      key_id: c.get('keyId'),
      connection: c.get('connection'),
      operation: c.get('operation'),
    });
  });
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

  if (options.adminToken) {
    const connectUrl = options.connect
      ? `${options.connect.publicUrl.replace(/\/+$/, '')}/connect`
      : undefined;
    app.route('/_proxy', adminRoutes({ adminToken: options.adminToken, storage, broker, now, connectUrl }));
    if (options.connect) {
      app.route(
        '/',
        connectRoutes({
          adminToken: options.adminToken,
          redirectUri: options.connect.redirectUri ?? `${connectUrl}/callback`,
          authUrl: options.connect.authUrl ?? baseUrl,
          scope: options.connect.scope ?? 'full_access',
          upstream: { ...upstream, baseUrl },
          storage,
          broker,
          fetch: upstreamFetch,
          now,
        }),
      );
    }
  }
  app.all('*', (c) => forwardRequest(c, forward));
  return app;
}
