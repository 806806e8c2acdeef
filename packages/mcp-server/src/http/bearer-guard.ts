import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { ConnectionError } from '../connections/connection-error.js';

/** The shortest bearer token a server reachable from the network accepts. */
export const MIN_BEARER_TOKEN_LENGTH = 32;

// RFC 6750 §2.1 b64token: what `Authorization: Bearer` can carry, and all hono's bearer auth accepts.
const B64TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

/**
 * Refuses a bearer token too short to stand guessing from the network, or one that a client could
 * not send in an `Authorization: Bearer` header (RFC 6750 b64token characters only).
 *
 * @param token - The token.
 * @throws ConnectionError `INVALID_ARGUMENT` when it is shorter than {@link MIN_BEARER_TOKEN_LENGTH} or has other characters.
 */
export function checkBearerToken(token: string): void {
  if (token.length < MIN_BEARER_TOKEN_LENGTH)
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `The bearer token is shorter than ${MIN_BEARER_TOKEN_LENGTH} characters; use a longer one (for example the output of openssl rand -hex 32).`,
    );
  if (!B64TOKEN.test(token))
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      'The bearer token may only have letters, digits and - . _ ~ + / (then = padding); use for example the output of openssl rand -hex 32.',
    );
}

/**
 * Lets a request through only with `Authorization: Bearer <token>`, compared in constant time (hono's
 * bearer auth); any other (missing, malformed or wrong) gets 401 with `WWW-Authenticate: Bearer` and a
 * JSON-RPC error body that echoes nothing.
 *
 * @param token - The expected token (at least {@link MIN_BEARER_TOKEN_LENGTH} characters).
 * @returns Hono middleware.
 * @throws ConnectionError `INVALID_ARGUMENT` for a token that is too short.
 */
export function bearerGuard(token: string): MiddlewareHandler {
  checkBearerToken(token);
  // hono answers a malformed header with 400; one answer for every refusal tells a prober nothing.
  return bearerAuth({
    token,
    noAuthenticationHeader: { message: unauthorized },
    invalidAuthenticationHeader: { message: unauthorized },
    invalidToken: { message: unauthorized },
  });
}

function unauthorized(): Response {
  // `new Response`, not `Response.json`: hono recognizes the answer by `instanceof Response`, which
  // @hono/node-server's own Response class only passes for responses built with its constructor.
  return new Response(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32001, message: 'Unauthorized: send Authorization: Bearer <token>.' },
      id: null,
    }),
    { status: 401, headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' } },
  );
}
