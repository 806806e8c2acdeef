import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentEncode, SignerError, sign } from '../src/index.js';
import { referencePercentEncode, referenceSign } from './reference-signer.js';

/** The outcome of a function: its value, or that it threw (the package throws SignerError). */
function outcome(run: () => string): string {
  try {
    return `value ${run()}`;
  } catch (error) {
    return error instanceof SignerError ? `SignerError ${error.code}` : 'thrown';
  }
}

/** Any UTF-16 code unit, lone surrogates included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
/** What queries and bodies are made of, heavy on the characters the encoders treat specially. */
const formChar = fc.oneof(
  fc.constantFrom(...'aZ09-._~ +=&%[]!\'()*@:/?#"<>{}`\\^|,;$éÿ€\u00a0\t'),
  fc.constantFrom('%5B', '%5b', '%20', '%2A', '%41', '%C3%A9', '%c3%a9', '%F0%9F%98%80', '%E0', '%'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

describe('the package against the reference implementation (test/reference-signer.ts)', () => {
  it('percent-encodes every string as the reference does, astral characters and lone surrogates too', () => {
    const strings = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: anyCodeUnit }),
      fc.string({ unit: formChar }),
      fc.string({ unit: fc.constantFrom('a', '!', '*', "'", '(', ')', '%', '😀', '\uD83D', '\uDE00') }),
    );
    fc.assert(
      fc.property(strings, (s) => {
        const ours = outcome(() => percentEncode(s));
        const theirs = outcome(() => referencePercentEncode(s));
        // The reference throws a plain error; the package the coded one.
        expect(ours).toBe(theirs === 'thrown' ? 'SignerError MALFORMED_ENCODING' : theirs);
      }),
      { numRuns: 1000 },
    );
  });

  it('signs any query and form body byte for byte as the reference does', async () => {
    const text = fc.string({ unit: formChar, maxLength: 40 });
    const nonce = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{43}$/),
      fc.string({ unit: formChar, maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'post', 'PUT', 'delete'),
        fc.constantFrom('https://api.example.test/x', 'http://H.example:80/a/b/', 'https://h:8443/p'),
        text,
        text,
        nonce,
        async (method, base, query, body, n) => {
          const url = `${base}?${query}`;
          const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };
          let want: Awaited<ReturnType<typeof referenceSign>> | string;
          try {
            want = await referenceSign(
              method,
              url,
              body,
              n,
              credentials.signingSecret,
              credentials.accessToken,
            );
          } catch {
            want = 'thrown';
          }
          const got = await sign({ method, url, body, nonce: n }, credentials).then(
            (s) => ({
              baseUrl: s.baseUrl,
              parameterString: s.parameterString,
              baseString: s.baseString,
              signature: s.signature,
            }),
            (error: unknown) => (error instanceof SignerError ? 'thrown' : error),
          );
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives each of 64 concurrent requests its own signature (one encoding buffer serves them all)', async () => {
    const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };
    const requests = Array.from({ length: 64 }, (_, i) => ({
      method: 'POST',
      url: `https://api.example.test/accounts/v2/contacts?page=${i}&x=${'y'.repeat(i * 7)}`,
      body: `contact%5Bname%5D=${'Ann+'.repeat(i)}&contact%5Bid%5D=${i}`,
      nonce: `nonce${i}`,
    }));
    const got = await Promise.all(requests.map((r) => sign(r, credentials)));
    for (const [i, r] of requests.entries()) {
      const want = await referenceSign(r.method, r.url, r.body, r.nonce, 'TestSigningSecret', 'TestToken');
      expect(got[i]?.signature).toBe(want.signature);
    }
  });
});
