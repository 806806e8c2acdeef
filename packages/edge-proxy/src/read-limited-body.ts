import type { Context } from 'hono';
import { ProxyError } from './proxy-error.js';

const decoder = new TextDecoder();

/**
 * Reads a request body as text within a byte limit: a `Content-Length` above `limit` is refused before
 * anything is read, and every body is counted as it streams in and refused as soon as it passes the
 * limit, so an oversized body is never held whole (a `Content-Length` that understates the body does
 * not get it through). Run where the body is needed (after the key or admin token is checked), not as
 * a middleware in front of every route, so that a caller without a key is told so whatever the size
 * of what it sent. Reads the stream itself rather than through Hono's body-limit middleware, which
 * is built per call here and copies the body into a new `Request` before it is read again.
 *
 * @param c - The request's context.
 * @param limit - The largest body accepted, in bytes.
 * @returns The body decoded as UTF-8 (`''` when there is none).
 * @throws ProxyError `payload_too_large`.
 */
export async function readLimitedBody(c: Context, limit: number): Promise<string> {
  const request = c.req.raw;
  const tooLarge = () => new ProxyError('payload_too_large', `The body is larger than ${limit} bytes.`);
  const declared = request.headers.get('content-length');
  if (declared !== null && !request.headers.has('transfer-encoding') && Number.parseInt(declared, 10) > limit)
    throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(whole);
}
