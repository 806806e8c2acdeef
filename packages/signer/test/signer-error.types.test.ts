/** Type-level: AnySignerError narrows by code (with a runtime check of one real error). */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AnySignerError, SignerError, sign } from '../src/index.js';

describe('AnySignerError', () => {
  it('narrows by code', async () => {
    const caught = await sign(
      { method: 'GET', url: 'https://h/x' },
      { signingSecret: '', accessToken: 't' },
    ).catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(SignerError);
    const err = caught as AnySignerError;
    switch (err.code) {
      case 'MISSING_CREDENTIALS':
        expectTypeOf(err.code).toEqualTypeOf<'MISSING_CREDENTIALS'>();
        expectTypeOf(err).toMatchTypeOf<SignerError>();
        break;
      case 'INVALID_URL':
      case 'MALFORMED_ENCODING':
      case 'INVALID_BODY':
      case 'CRYPTO_FAILED':
        throw new Error(`unexpected ${err.code}`);
      default: {
        // Every code is handled above: a new code makes this line fail to compile.
        const none: never = err;
        throw new Error(String(none));
      }
    }
    expect(err.code).toBe('MISSING_CREDENTIALS');
  });
});
