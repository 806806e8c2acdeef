import type { MiddlewareHandler } from 'hono';

/** The host names a loopback server answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a `Host` header or an origin's authority, lower case, without the port. */
function hostnameOf(authority: string): string | undefined {
  try {
    return new URL(`http://${authority}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Rejects requests whose `Host` or `Origin` names a host other than the allowed ones, with 403, so a web
 * page whose DNS name was rebound to 127.0.0.1 cannot drive the server from a browser. A request without
 * `Origin` (every non-browser client) is judged on `Host` alone; ports are not compared.
 *
 * @param allowedHosts - Host names without port (IPv6 in brackets), for example {@link LOOPBACK_HOSTS}.
 * @returns Hono middleware.
 */
export function hostGuard(allowedHosts: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  return async (c, next) => {
    const host = c.req.header('host');
    const hostName = host === undefined ? undefined : hostnameOf(host);
    if (hostName === undefined || !allowed.has(hostName)) return forbidden('Host');
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).hostname.toLowerCase();
      } catch {
        originHost = undefined;
      }
      if (originHost === undefined || !allowed.has(originHost)) return forbidden('Origin');
    }
    await next();
    return undefined;
  };
}

function forbidden(header: 'Host' | 'Origin'): Response {
  // A JSON-RPC error body, as the SDK's own transport answers; no request data is echoed.
  return Response.json(
    {
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: `Forbidden: the ${header} header names a host this server does not serve.`,
      },
      id: null,
    },
    { status: 403 },
  );
}
