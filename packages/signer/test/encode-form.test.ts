import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeForm, SignerError, sign } from '../src/index.js';

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };

describe('encodeForm (nested object → bracketed keys)', () => {
  it('nests objects into bracketed keys and percent-encodes by RFC 3986', () => {
    expect(
      encodeForm({ contact: { name: 'My Customer', contact_type_id: 1, main_address: { town: 'Köln' } } }),
    ).toBe(
      'contact%5Bname%5D=My%20Customer&contact%5Bcontact_type_id%5D=1&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln',
    );
  });

  it('indexes arrays and leaves out null and undefined, keeping empty strings, 0 and false', () => {
    expect(encodeForm({ a: [1, { b: 'x' }], n: null, u: undefined, e: '', z: 0, f: false, g: 2n })).toBe(
      'a%5B0%5D=1&a%5B1%5D%5Bb%5D=x&e=&z=0&f=false&g=2',
    );
  });

  it('encodes + & = * ~ so they survive the round trip', () => {
    expect(encodeForm({ q: 'a+b&c=d*e~f' })).toBe('q=a%2Bb%26c%3Dd%2Ae~f');
    expect(new URLSearchParams(encodeForm({ q: 'a+b&c=d' })).get('q')).toBe('a+b&c=d');
  });

  it('passes strings and URLSearchParams through as their text', () => {
    expect(encodeForm('a=1')).toBe('a=1');
    expect(encodeForm(new URLSearchParams({ a: 'b c' }))).toBe('a=b+c');
  });

  it('rejects values with no form representation with INVALID_BODY', () => {
    for (const value of [new Date(0), new Map(), () => 1, Symbol('s')]) {
      let error: unknown;
      try {
        encodeForm({ contact: { bad: value } });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SignerError);
      expect((error as SignerError).code).toBe('INVALID_BODY');
    }
    expect(() => encodeForm(new Date(0))).toThrow(SignerError);
  });

  it('is what sign() signs for an object body: the encoded text signs like the object', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.string({ minLength: 1 }),
          fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 })),
        ),
        async (body) => {
          const url = 'https://h/p?x=1';
          const a = await sign({ method: 'POST', url, body, nonce: 'n' }, credentials);
          const b = await sign({ method: 'POST', url, body: encodeForm(body), nonce: 'n' }, credentials);
          expect(b.parameterString).toBe(a.parameterString);
        },
      ),
      { numRuns: 50 },
    );
  });
});
