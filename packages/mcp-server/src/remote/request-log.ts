import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AuthorizedGrant, BearerEnv } from './bearer-auth.js';

/**
 * One record of the remote server's request log: no token, code, query, header or body, so nothing a
 * caller sent can reach it beyond the method and the route's pattern.
 */
export interface RequestLogRecord {
  readonly time: string;
  readonly level: 'info' | 'error';
  readonly msg: 'request';
  /** The caller's `X-Request-Id` when it is 1–128 plain characters, else a fresh UUID; also answered. */
  readonly request_id: string;
  readonly method: string;
  /** The route as registered (`/mcp`, `/.well-known/oauth-authorization-server`), `*` for none. */
  readonly route: string;
  readonly status: number;
  /** Milliseconds from the request's arrival to its answer's headers (a stream may go on after). */
  readonly ms: number;
  /** The OAuth client of the access token (`/mcp` requests whose token was accepted). */
  readonly client_id?: string;
  /** The business the grant serves, `de:1` (variant and id). */
  readonly business?: string;
}

/** Where the records go: one call per answered request. */
export type RequestLogSink = (record: RequestLogRecord) => void;

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
