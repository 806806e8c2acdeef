import { timingSafeEqual } from '@acctkit/signer';
import type { MiddlewareHandler } from 'hono';
import { ConnectionError } from '../connections/connection-error.js';

/** The shortest bearer token a server reachable from the network accepts. */
export const MIN_BEARER_TOKEN_LENGTH = 32;

/**
 * Refuses a bearer token too short to stand guessing from the network.
 *
 * @param token - The token.
 * @throws ConnectionError `INVALID_ARGUMENT` when it is shorter than {@link MIN_BEARER_TOKEN_LENGTH}.
 */
export function checkBearerToken(token: string): void {
  if (token.length < MIN_BEARER_TOKEN_LENGTH)
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `The bearer token is shorter than ${MIN_BEARER_TOKEN_LENGTH} characters; use a longer one (for example the output of openssl rand -hex 32).`,
    );
}

/**
 * Lets a request through only with `Authorization: Bearer <token>`, compared in constant time; any
 * other gets 401 with `WWW-Authenticate: Bearer` and a JSON-RPC error body that echoes nothing.
 *
 * @param token - The expected token (at least {@link MIN_BEARER_TOKEN_LENGTH} characters).
 * @returns Hono middleware.
 * @throws ConnectionError `INVALID_ARGUMENT` for a token that is too short.
 */
export function bearerGuard(token: string): MiddlewareHandler {
  checkBearerToken(token);
  return async (c, next) => {
    const presented = /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (presented === undefined || !timingSafeEqual(presented, token)) return unauthorized();
    await next();
    return undefined;
  };
}

function unauthorized(): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32001, message: 'Unauthorized: send Authorization: Bearer <token>.' },
      id: null,
    },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } },
  );
}
