/**
 * hashKey: storage holds and finds keys by this hash, so it must be SHA-256 exactly (hex, lower case)
 * for every input, including the multi-block and non-ASCII ones a key never is but a ticket could be.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../src/index.js';

const webCryptoHex = async (text: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

describe('hashKey', () => {
  it('is the SHA-256 of the FIPS 180-4 examples', async () => {
    expect(await hashKey('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await hashKey('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('equals WebCrypto SHA-256 of the UTF-8 bytes for every string, at every length around a block', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        expect(await hashKey(text)).toBe(await webCryptoHex(text));
      }),
      { numRuns: 500 },
    );
    for (let length = 0; length <= 130; length++) {
      const text = 'k'.repeat(length);
      expect(await hashKey(text)).toBe(await webCryptoHex(text));
    }
  });

  it('equals WebCrypto for proxy-key-shaped strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('r', 'w'),
        fc.string({ unit: fc.constantFrom(...'ABCxyz019_-'), minLength: 43, maxLength: 43 }),
        async (scope, body) => {
          const key = `akp_${scope}_${body}`;
          expect(await hashKey(key)).toBe(await webCryptoHex(key));
        },
      ),
    );
  });
});
