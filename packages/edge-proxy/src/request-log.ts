import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { jsonLogger } from './json-logger.js';
import type { ProxyEnv } from './proxy-env.js';

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
 * One log line per request once it is answered: its id, method, route pattern, status and duration,
 * and the key id, connection and operation when they are known. Nothing from the query, the headers
 * or the body, so no token, key or personal data can reach the line (`redact` is a second guard).
 *
 * @param log - The proxy's logger.
 * @param now - The clock, in epoch ms.
 * @returns The middleware; it also returns the request id as `X-Request-Id`.
 */
export function requestLog(
  log: ReturnType<typeof jsonLogger> | undefined,
  now: () => number,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const started = now();
    await next();
    c.res.headers.set('x-request-id', c.get('requestId'));
    if (!log) return;
    log(c.res.status >= 500 ? 'error' : 'info', {
      msg: 'request',
      request_id: c.get('requestId'),
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
