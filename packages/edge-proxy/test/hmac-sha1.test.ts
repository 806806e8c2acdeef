// The proxy signs with a synchronous HMAC-SHA1 (@noble/hashes): it must give the bytes WebCrypto gives
// for every key and base string (any Unicode, surrogates paired or not as TextEncoder sees them), and
// keep doing so once its cache of keyed states has been emptied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha1 } from '../src/hmac-sha1.js';

const encoder = new TextEncoder();

async function webCrypto(key: string, data: string): Promise<string> {
  const k = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', k, encoder.encode(data)));
  return btoa(String.fromCharCode(...digest));
}

describe('the proxy HMAC-SHA1', () => {
  it('equals WebCrypto for every signing key and base string', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary', maxLength: 2000 }),
        async (secret, token, data) => {
          // A signing key is `secret&token`: never empty.
          const key = `${secret}&${token}`;
          expect(hmacSha1(key, data)).toBe(await webCrypto(key, data));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives each key its own signature, the same again, past 256 keys', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `secret-${i}&token-${i}`);
    const first = keys.map((key) => hmacSha1(key, 'GET&base'));
    expect(new Set(first).size).toBe(300);
    expect(keys.map((key) => hmacSha1(key, 'GET&base'))).toEqual(first);
    expect(first[299]).toBe(await webCrypto(keys[299] as string, 'GET&base'));
    // Keys longer than SHA-1's 64-byte block are hashed first.
    const long = 'k'.repeat(200);
    expect(hmacSha1(long, 'x')).toBe(await webCrypto(long, 'x'));
  });
});
