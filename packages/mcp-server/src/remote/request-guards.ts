import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { RemoteContext } from './remote-context.js';

/**
 * DNS-rebinding and cross-site protection: the `Host` must be the public URL's (or an allowed one),
 * and a browser `Origin` must be this server's own or one configured for browser-based MCP clients.
 * Requests without `Origin` (every non-browser client) are judged on `Host` alone.
 */
export function hostAndOriginGuard(ctx: RemoteContext): MiddlewareHandler {
  const hosts = new Set(ctx.config.allowedHosts.map((h) => h.toLowerCase()));
  const origins = new Set([new URL(ctx.config.publicUrl).origin, ...ctx.config.allowedOrigins]);
  return async (c, next) => {
    // The request URL's host: built from `Host` by the Node adapter, the routed host on Workers.
    const host = new URL(c.req.url).host.toLowerCase();
    if (!hosts.has(host)) return forbidden('Host');
    const origin = c.req.header('origin');
    // Discovery documents are public: any site may read them.
    if (origin !== undefined && !origins.has(origin) && !c.req.path.startsWith('/.well-known/'))
      return forbidden('Origin');
    await next();
    return undefined;
  };
}

function forbidden(header: string): Response {
  return Response.json(
    {
      error: 'forbidden',
      error_description: `The ${header} header names a site this server does not serve.`,
    },
    { status: 403 },
  );
}

/** CORS for browser-based MCP clients on the configured origins; discovery documents for all. */
export function corsFor(ctx: RemoteContext): { api: MiddlewareHandler; discovery: MiddlewareHandler } {
  const origins = [new URL(ctx.config.publicUrl).origin, ...ctx.config.allowedOrigins];
  return {
    api: cors({
      origin: (origin) => (origins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'Accept',
        'Mcp-Protocol-Version',
        'Mcp-Session-Id',
        'Last-Event-Id',
      ],
      exposeHeaders: ['WWW-Authenticate', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Retry-After'],
      maxAge: 600,
    }),
    discovery: cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'], maxAge: 600 }),
  };
}
