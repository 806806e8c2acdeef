import { validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import type { MiddlewareHandler } from 'hono';

/** The host names a loopback server answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Rejects requests whose `Host` or `Origin` names a host other than the allowed ones, with 403, so a web
 * page whose DNS name was rebound to 127.0.0.1 cannot drive the server from a browser. A request without
 * `Origin` (every non-browser client) is judged on `Host` alone; ports are not compared. Both headers
 * are judged by the MCP SDK's DNS-rebinding checks (`validateHostHeader`, `validateOriginHeader`); the
 * answer is ours, as the SDK's echoes the header and this one echoes nothing of the request.
 *
 * @param allowedHosts - Host names without port (IPv6 in brackets), for example {@link LOOPBACK_HOSTS}.
 * @returns Hono middleware.
 */
export function hostGuard(allowedHosts: readonly string[]): MiddlewareHandler {
  const allowed = allowedHosts.map((h) => h.toLowerCase());
  return async (c, next) => {
    if (!validateHostHeader(c.req.header('host'), allowed).ok) return forbidden('Host');
    if (!validateOriginHeader(c.req.header('origin'), allowed).ok) return forbidden('Origin');
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
