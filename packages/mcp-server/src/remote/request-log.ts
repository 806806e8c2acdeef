import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AuthorizedGrant, BearerEnv } from './bearer-auth.js';
import type { RequestLogSink } from './request-log-record.js';

/** The route pattern of the request, never its path (the `/authorize` query holds state and codes). */
function routeOf(c: Context): string {
  const route = routePath(c);
  return route === '/*' || route === '*' || route === '' ? '*' : route;
}

/**
 * The request log: after each request is answered, one {@link RequestLogRecord} to `sink`, and the
 * request id in the answer's `X-Request-Id`. Mounted first, so it sees every answer, refusals of the
 * host guard and the bearer check included.
 *
 * @param sink - Where records go; nothing is logged without one.
 * @param now - The clock, epoch ms.
 */
export function requestLog(
  sink: RequestLogSink | undefined,
  now: () => number,
): MiddlewareHandler<BearerEnv> {
  return async (c, next) => {
    const started = now();
    await next();
    const id = c.get('requestId');
    c.res.headers.set('x-request-id', id);
    if (!sink) return;
    const authorized = c.get('authorized') as AuthorizedGrant | undefined;
    sink({
      time: new Date(now()).toISOString(),
      level: c.res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      request_id: id,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      ms: now() - started,
      ...(authorized && {
        client_id: authorized.grant.clientId,
        business: `${authorized.grant.variant}:${authorized.grant.businessId}`,
      }),
    });
  };
}
