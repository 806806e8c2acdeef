import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { jsonLogger } from './json-logger.js';
import type { ProxyEnv } from './proxy-env.js';
import { requestIdOf } from './request-id.js';

/**
 * The route a request took, as a pattern: the spec's template of a data operation
 * (`/accounts/v2/contacts/{id}`), else the proxy's own route (`/_proxy/keys/{id}`, `/healthz`), or `*`
 * for a path no route knows. Never the path itself, which holds ids.
 */
function routeOf(c: Context<ProxyEnv>): string {
  const matched = c.get('route');
  if (matched) return matched;
  const own = routePath(c);
  return own === '/*' || own === '*' || own === '' ? '*' : own.replace(/:(\w+)/g, '{$1}');
}

/**
 * Names each request and logs it: sets `requestId` (see {@link requestIdOf}) before the routes run,
 * returns it as `X-Request-Id`, and writes one log line per request once it is answered: its id,
 * method, route pattern, status and duration, and the key id, connection and operation when they are
 * known. Nothing from the query, the headers or the body, so no token, key or personal data can reach
 * the line (`redact` is a second guard). One middleware rather than Hono's request-id beside a logger:
 * Hono's also prepares response headers that a handler returning its own `Response` never uses.
 *
 * @param log - The proxy's logger; without one no line is built.
 * @param now - The clock, in epoch ms.
 * @returns The middleware.
 */
export function requestLog(
  log: ReturnType<typeof jsonLogger> | undefined,
  now: () => number,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const id = requestIdOf(c.req.raw.headers.get('x-request-id'));
    c.set('requestId', id);
    const started = log ? now() : 0;
    await next();
    c.res.headers.set('x-request-id', id);
    if (!log) return;
    log(c.res.status >= 500 ? 'error' : 'info', {
      msg: 'request',
      request_id: id,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      ms: now() - started,
      key_id: c.get('keyId'),
      connection: c.get('connection'),
      operation: c.get('operation'),
    });
  };
}
