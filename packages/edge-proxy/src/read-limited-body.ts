import { ProxyError } from './proxy-error.js';

/**
 * Reads a request body as text, counting bytes as they stream in and giving up (cancelling the
 * stream) as soon as it passes `limit`, so an oversized body is never held whole. A `Content-Length`
 * above the limit is refused before anything is read.
 *
 * @param request - The caller's request.
 * @param limit - The largest body accepted, in bytes.
 * @returns The body decoded as UTF-8 (`''` when there is none).
 * @throws ProxyError `payload_too_large`.
 */
export async function readLimitedBody(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return '';
  if (declared !== null && /^\d+$/.test(declared)) {
    // A server reads exactly the declared length off the wire (HTTP/1.1 framing), so a declared body
    // within the limit is read in one call; the size is checked again for in-process callers.
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return new TextDecoder().decode(bytes);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0]);
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

function tooLarge(limit: number): ProxyError {
  return new ProxyError('payload_too_large', `The body is larger than ${limit} bytes.`);
}
