// The admin API caps its bodies while they stream: a chunked body far over the 10000-byte limit is
// refused with 413 after at most the limit (plus the chunks in flight) has been pulled from it.
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, BASE, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());

const LIMIT = 10_000;
const CHUNK_BYTES = 1024;

/** A 256 MiB body made on demand, one 1 KiB chunk per pull, that counts what was pulled. */
function countingBody(totalBytes = 256 * 1024 * 1024): {
  stream: ReadableStream<Uint8Array>;
  pulled: () => number;
} {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= totalBytes) {
          controller.close();
          return;
        }
        const chunk = new Uint8Array(CHUNK_BYTES).fill(0x20);
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> =>
  sb.fetch(
    new Request(`${BASE}/_sandbox/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  );

describe('admin API body limit', () => {
  for (const path of ['tokens', 'codes', 'revoke', 'clock', 'faults']) {
    it(`POST /_sandbox/${path}: a 256 MiB streamed body is 413 ADMIN_BODY_TOO_LARGE after reading no more than the limit`, async () => {
      const body = countingBody();
      const res = await post(path, body.stream);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: 'payload_too_large',
        code: 'ADMIN_BODY_TOO_LARGE',
        error_description: 'The admin request body is larger than 10000 bytes: send less.',
      });
      // The refusal comes on the first chunk past the limit; one more may be queued behind it.
      expect(body.pulled()).toBeLessThanOrEqual(LIMIT + 2 * CHUNK_BYTES);
    });
  }

  it('a declared Content-Length over the limit is refused without reading the body', async () => {
    const body = countingBody();
    const res = await post('tokens', body.stream, { 'Content-Length': String(LIMIT + 1) });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK_BYTES);
  });

  it('a body of exactly the limit is still read', async () => {
    const json = JSON.stringify({ business: 'de', scope: 'readonly' });
    const res = await post('tokens', json.padEnd(LIMIT, ' '));
    expect(res.status).toBe(201);
  });

  it('the admin token is judged before the body: a wrong token is 401 whatever the body', async () => {
    const body = countingBody();
    const res = await post('tokens', body.stream, { Authorization: 'Bearer wrong' });
    expect(res.status).toBe(401);
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK_BYTES);
  });
});
