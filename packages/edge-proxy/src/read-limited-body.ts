import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ProxyError } from './proxy-error.js';

/**
 * Reads a request body as text through hono's body limit: a `Content-Length` above `limit` is refused
 * before anything is read, and a body without one is counted as it streams in and refused as soon as
 * it passes the limit, so an oversized body is never held whole. Run where the body is needed (after
 * the key or admin token is checked), not as a middleware in front of every route, so that a caller
 * without a key is told so whatever the size of what it sent.
 *
 * @param c - The request's context.
 * @param limit - The largest body accepted, in bytes.
 * @returns The body decoded as UTF-8 (`''` when there is none).
 * @throws ProxyError `payload_too_large`.
 */
export async function readLimitedBody(c: Context, limit: number): Promise<string> {
  const limited = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new ProxyError('payload_too_large', `The body is larger than ${limit} bytes.`);
    },
  });
  await limited(c, async () => {});
  return c.req.raw.body ? c.req.text() : '';
}
