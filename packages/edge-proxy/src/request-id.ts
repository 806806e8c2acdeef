// The caller's X-Request-Id when it is 1–128 of `A-Za-z0-9_-=` (so it ties the proxy's line to the
// caller's), as Hono's request-id middleware accepts it, else a random UUID.
const plainId = /^[\w\-=]{1,128}$/;

/**
 * The id of one request: the caller's `X-Request-Id` when it is plain and short, else a new UUID.
 *
 * @param header - The request's `X-Request-Id`, `null` when absent.
 * @returns The id to log and return as `X-Request-Id`.
 */
export function requestIdOf(header: string | null): string {
  return header !== null && plainId.test(header) ? header : crypto.randomUUID();
}
