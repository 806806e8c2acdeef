import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AdminError,
  createSandbox,
  type RateLimitedError,
  type RecordNotFoundError,
  RequestError,
  SandboxError,
  type SandboxErrorCode,
  type SandboxErrors,
  SandboxSetupError,
  type SignatureMismatchError,
  type ValidationFailedError,
} from '../src/index.js';

/** What a caller does with each error: `switch (err.code)` narrows to the subclass and its data. */
function explain(err: SandboxErrors): string {
  switch (err.code) {
    case 'VALIDATION_FAILED':
      expectTypeOf(err).toEqualTypeOf<ValidationFailedError>();
      return err.problems.map((p) => p.source).join(',');
    case 'RATE_LIMITED':
      expectTypeOf(err).toEqualTypeOf<RateLimitedError>();
      return String(err.retryAfterSeconds);
    case 'RECORD_NOT_FOUND':
      expectTypeOf(err).toEqualTypeOf<RecordNotFoundError>();
      return err.what;
    case 'TEST_SIGNATURE_MISMATCH':
      expectTypeOf(err).toEqualTypeOf<SignatureMismatchError>();
      return err.mismatch;
    case 'NONCE_MISSING':
    case 'NONCE_REUSED':
      expectTypeOf(err).toEqualTypeOf<RequestError>();
      return err.error;
    case 'ADMIN_DISABLED':
      expectTypeOf(err).toEqualTypeOf<AdminError>();
      return err.error;
    default:
      return err.code;
  }
}

describe('SandboxError', () => {
  it('every error is a SandboxError whose code names the cause; the union covers every code', () => {
    expectTypeOf<SandboxErrors['code']>().toEqualTypeOf<SandboxErrorCode>();
    const nonce = new RequestError('NONCE_MISSING', 'Send an X-Nonce header.');
    expect(nonce).toBeInstanceOf(SandboxError);
    expect(nonce.status).toBe(400);
    expect(explain(nonce)).toBe('invalid_nonce');
    expect(explain(new RequestError('INVALID_SIGNATURE', 'x'))).toBe('INVALID_SIGNATURE');
    const off = new AdminError('ADMIN_DISABLED', 'the admin API is disabled: start with --admin-token');
    expect(off.status).toBe(403);
    expect(explain(off)).toBe('admin_disabled');
  });

  it('a bad option throws SandboxSetupError INVALID_OPTIONS with a message saying what to pass', () => {
    let caught: unknown;
    try {
      createSandbox({ database: ':memory:', accessTokenTtlSeconds: 0 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SandboxSetupError);
    expect(caught).toBeInstanceOf(SandboxError);
    expect((caught as SandboxSetupError).code).toBe('INVALID_OPTIONS');
    expect((caught as Error).message).toMatch(/positive integer/);
  });
});
