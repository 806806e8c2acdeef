import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentEncode, SignerError } from '../src/index.js';
import { percentDecode } from '../src/percent-decode.js';

describe('percentEncode (interface spec, "Percent-encoding")', () => {
  const checks: [string, string][] = [
    [' ', '%20'],
    ['+', '%2B'],
    ['!', '%21'],
    [',', '%2C'],
    ['&', '%26'],
    ['/', '%2F'],
    [':', '%3A'],
    ['\uC6C3', '%EC%9B%83'],
  ];
  for (const [input, expected] of checks)
    it(`encodes ${JSON.stringify(input)} as ${expected}`, () => {
      expect(percentEncode(input)).toBe(expected);
    });

  it('leaves exactly the RFC 3986 unreserved characters alone', () => {
    const unreserved = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~';
    expect(percentEncode(unreserved)).toBe(unreserved);
    for (let code = 0x20; code < 0x7f; code++) {
      const c = String.fromCharCode(code);
      if (!unreserved.includes(c))
        expect(percentEncode(c)).toBe(`%${code.toString(16).toUpperCase().padStart(2, '0')}`);
    }
  });

  it("encodes the characters encodeURIComponent leaves: ! ' ( ) *", () => {
    expect(percentEncode("!'()*")).toBe('%21%27%28%29%2A');
  });

  it('uses upper-case hex for multi-byte UTF-8', () => {
    expect(percentEncode('é€😀')).toBe('%C3%A9%E2%82%AC%F0%9F%98%80');
  });

  it('throws MALFORMED_ENCODING for an unpaired surrogate', () => {
    expect(() => percentEncode('a\uD800b')).toThrow(SignerError);
    expect(() => percentEncode('a\uD800b')).toThrow(/lone surrogate/);
  });

  it('round-trips any well-formed string through percentDecode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const encoded = percentEncode(s);
        expect(encoded).toMatch(/^(?:[\w.~-]|%[0-9A-F]{2})*$/);
        expect(percentDecode(encoded)).toBe(s);
      }),
      { numRuns: 200 },
    );
  });

  it('is idempotent on its own alphabet: encoding twice only encodes the % signs', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const once = percentEncode(s);
        expect(percentEncode(once)).toBe(once.replaceAll('%', '%25'));
      }),
      { numRuns: 200 },
    );
  });
});

describe('percentDecode', () => {
  it('treats + as a space and decodes UTF-8 escapes', () => {
    expect(percentDecode('a+b%20c%EC%9B%83')).toBe('a b c\uC6C3');
  });

  it('keeps an encoded plus as a plus', () => {
    expect(percentDecode('1%2B1')).toBe('1+1');
  });

  for (const bad of ['%', '%2', '%zz', '%E0%A4', '%FF'])
    it(`throws MALFORMED_ENCODING for ${JSON.stringify(bad)}`, () => {
      let error: unknown;
      try {
        percentDecode(bad);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SignerError);
      expect((error as SignerError).code).toBe('MALFORMED_ENCODING');
      expect((error as SignerError).cause).toBeInstanceOf(URIError);
    });
});
