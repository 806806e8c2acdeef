/** Type-level: AnyReconcileError narrows by code (with a runtime check of one real error). */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AnyReconcileError, parseStatement, ReconcileError } from '../src/index.js';

describe('AnyReconcileError', () => {
  it('narrows by code', () => {
    let caught: unknown;
    try {
      parseStatement('nothing to see');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ReconcileError);
    const err = caught as AnyReconcileError;
    switch (err.code) {
      case 'UNKNOWN_FORMAT':
        expectTypeOf(err.code).toEqualTypeOf<'UNKNOWN_FORMAT'>();
        expectTypeOf(err).toMatchTypeOf<ReconcileError>();
        break;
      case 'MALFORMED_CAMT':
      case 'MALFORMED_MT940':
      case 'MALFORMED_CSV':
      case 'TOO_LARGE':
      case 'INVALID_STATEMENT':
      case 'BANK_ACCOUNT_NOT_FOUND':
      case 'INVALID_BOOKS':
      case 'INVALID_OPTIONS':
        throw new Error(`unexpected ${err.code}`);
      default: {
        // Every code is handled above: a new code makes this line fail to compile.
        const none: never = err;
        throw new Error(String(none));
      }
    }
    expect(err.code).toBe('UNKNOWN_FORMAT');
  });
});
