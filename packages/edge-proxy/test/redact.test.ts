/**
 * redact: the second guard of every log line. Values shaped like a proxy key (`akp_r_…`, `akp_w_…`)
 * or a `Bearer` credential are masked wherever they appear, and nothing else in a value changes;
 * fields named like secrets are masked whatever they hold, for every name however often it recurs
 * (the answer per name is remembered, at most 1 024 names at a time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from '../src/index.js';

const keyShaped = /akp_[rw]_[A-Za-z0-9_-]+/;
const bearer = /Bearer\s+\S+/;
const secretName = /authorization|token|secret|password|cookie|signature|nonce|^key$|^code$/i;

// Strings built from the pieces that make (or nearly make) a secret-shaped value, and anything else.
const piece = fc.oneof(
  fc.constantFrom(
    'akp_',
    'akp_r_',
    'akp_w_',
    'akp_x_',
    'Bearer',
    'Bearer ',
    'bearer ',
    'BEARER\t',
    ' ',
    '\n',
  ),
  fc.constantFrom('A', 'z', '9', '_', '-', '.', '[REDACTED]', 'é', '🔑'),
  fc.string({ maxLength: 4 }),
);
const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('redact', () => {
  it('masks every key-shaped or Bearer value and returns every other string unchanged', () => {
    fc.assert(
      fc.property(text, (value) => {
        const out = redact(value) as string;
        if (!keyShaped.test(value) && !bearer.test(value)) {
          expect(out).toBe(value);
          return;
        }
        expect(out).toContain('[REDACTED]');
        expect(keyShaped.test(out) || bearer.test(out)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('masks a field by its name alone, for every name, the first time and every time after', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom(
              'key',
              'KEY',
              'key_id',
              'code',
              'codes',
              'access_token',
              'X-Signature',
              'nonce',
              '__proto__',
              'constructor',
            ),
          ),
          { minLength: 1, maxLength: 1500 },
        ),
        (names) => {
          for (const round of [0, 1])
            for (const name of names) {
              const masked = redact({ [name]: 'plain' }) as Record<string, unknown>;
              expect([round, name, masked[name]]).toEqual([
                round,
                name,
                secretName.test(name) ? '[REDACTED]' : 'plain',
              ]);
            }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('keeps a field named __proto__ as a field, its secrets masked', () => {
    const parsed = JSON.parse('{"__proto__":{"access_token":"abc","note":"kept"},"ok":1}') as unknown;
    expect(JSON.stringify(redact(parsed))).toBe(
      '{"__proto__":{"access_token":"[REDACTED]","note":"kept"},"ok":1}',
    );
  });

  it('still masks by name after more than 1 024 other names have been seen', () => {
    const names = [...Array.from({ length: 1100 }, (_, i) => `field_${i}`), 'session_token', 'key'];
    for (const round of [0, 1, 2])
      for (const name of names)
        expect([round, name, (redact({ [name]: 'plain' }) as Record<string, unknown>)[name]]).toEqual([
          round,
          name,
          name.startsWith('field_') ? 'plain' : '[REDACTED]',
        ]);
  });

  it('masks inside nested records and arrays', () => {
    const key = `akp_w_${'A'.repeat(43)}`;
    expect(redact({ note: `sent ${key}`, list: ['Bearer abc', { refresh_token: 'r' }], n: 1 })).toEqual({
      note: 'sent [REDACTED]',
      list: ['[REDACTED]', { refresh_token: '[REDACTED]' }],
      n: 1,
    });
  });
});
