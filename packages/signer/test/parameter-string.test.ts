import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentEncode, sign } from '../src/index.js';

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };
const params = (url: string, body?: string | URLSearchParams | object): Promise<string> =>
  sign({ method: 'GET', url, body, nonce: 'n' }, credentials).then((s) => s.parameterString);

describe('parameter string', () => {
  it('sorts by encoded key, then encoded value, keeping repeated keys', async () => {
    expect(await params('https://h/p?b=2&a=2&a=1&a=10')).toBe('a=1&a=10&a=2&b=2');
  });

  it('compares encoded strings by code unit, so a key sorts before a longer key it prefixes', async () => {
    // "a-b" < "a" by a naive "k=v" sort ('-' < '='); by key it comes after.
    expect(await params('https://h/p?a-b=1&a=2&a.c=3&A=4&a%20=5')).toBe('A=4&a=2&a%20=5&a-b=1&a.c=3');
  });

  it('sorts by the encoded, not the decoded, key', async () => {
    // Decoded, "~" (U+007E) sorts before "é" (U+00E9); encoded, "%C3%A9" sorts before "~".
    expect(await params('https://h/p?~=1&%C3%A9=2')).toBe('%C3%A9=2&~=1');
  });

  it('is independent of parameter order (any permutation gives the same string)', async () => {
    const pair = fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(pair, { maxLength: 8 })
          .chain((pairs) =>
            fc.tuple(
              fc.constant(pairs),
              fc.shuffledSubarray(pairs, { minLength: pairs.length, maxLength: pairs.length }),
            ),
          ),
        async ([pairs, shuffled]) => {
          const a = await params('https://h/p', new URLSearchParams(pairs));
          const b = await params('https://h/p', new URLSearchParams(shuffled));
          expect(b).toBe(a);
          // Splitting the same pairs between query and body changes nothing either.
          const half = shuffled.length >> 1;
          const c = await params(
            `https://h/p?${new URLSearchParams(shuffled.slice(0, half))}`,
            new URLSearchParams(shuffled.slice(half)),
          );
          expect(c).toBe(a);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lists pairs in non-decreasing order and keeps every pair', async () => {
    const pair = fc.tuple(fc.string({ maxLength: 5, unit: 'grapheme' }), fc.string({ maxLength: 5 }));
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { maxLength: 8 }), async (pairs) => {
        const s = await params('https://h/p', new URLSearchParams(pairs));
        const parts = s === '' ? [] : s.split('&');
        expect(parts).toHaveLength(pairs.length);
        const keys = parts.map((p) => p.slice(0, p.indexOf('=')));
        for (let i = 1; i < keys.length; i++) expect((keys[i - 1] ?? '') <= (keys[i] ?? '')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same string however the request spelled its escapes (fast and slow paths agree)', async () => {
    // Upper-case escapes take the fast path; lower-case hex, `+` for space and raw characters take the
    // decode-then-encode path. All must sign as RFC 3986 of the decoded text.
    const text = fc.string({
      unit: fc.constantFrom(
        'a',
        'A',
        'M',
        'Z',
        '0',
        '9',
        '-',
        '.',
        '_',
        ' ',
        '+',
        '%',
        '[',
        ']',
        '@',
        ':',
        '/',
        '*',
        '~',
        '{',
        '`',
        'é',
        '\u00ff',
        '€',
      ),
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(text, text, async (key, value) => {
        const want = `${percentEncode(key)}=${percentEncode(value)}`;
        const upper = `${percentEncode(key)}=${percentEncode(value)}`;
        const lower = upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
        const form = new URLSearchParams([[key, value]]).toString();
        // Every UTF-8 byte escaped, letters and digits too: `%41` must sign as `A`.
        const every = (t: string): string =>
          [...new TextEncoder().encode(t)]
            .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('');
        expect(await params(`https://h/p?${every(key)}=${every(value)}`)).toBe(want);
        expect(await params(`https://h/p?${upper}`)).toBe(want);
        expect(await params(`https://h/p?${lower}`)).toBe(want);
        expect(await params('https://h/p', form)).toBe(want);
        expect(await params('https://h/p', upper.replaceAll('%20', '+'))).toBe(want);
      }),
      { numRuns: 300 },
    );
  });

  it('reads whole queries and bodies the same on both paths, whatever their shape', async () => {
    // Several pairs in one text: the whole-text fast path must give what decoding each part gives,
    // and a text it cannot take (an empty part, a part without `=` or with two, lower-case hex)
    // must fall back without losing or merging pairs.
    const component = fc.string({
      unit: fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', ' ', '+', '=', '&', '%', '[', ']', 'é'),
      maxLength: 5,
    });
    const pairs = fc.array(fc.tuple(component, component), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(pairs, fc.constantFrom('', '&', '&&'), async (list, gap) => {
        const want = await params('https://h/p', new URLSearchParams(list));
        const upper = list.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
        const lower = upper.map((p) => p.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()));
        expect(await params(`https://h/p?${upper.join('&')}`)).toBe(want);
        expect(await params('https://h/p', upper.join('&').replaceAll('%20', '+'))).toBe(want);
        expect(await params('https://h/p', `${gap}${upper.join(`&${gap}`)}${gap}`)).toBe(want);
        expect(await params(`https://h/p?${lower.join('&')}`, '')).toBe(want);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a raw = inside a value and signs a key without = as an empty value', async () => {
    expect(await params('https://h/p?b=x=y&a', 'c=1')).toBe('a=&b=x%3Dy&c=1');
    expect(await params('https://h/p?a=1&a=1')).toBe('a=1&a=1');
  });
});
