import { HTTPException } from 'hono/http-exception';
import type { AnySchema } from './variant.js';

/** One SData diagnosis, as the spec's `Diagnosis` schema defines it. */
type Diagnosis = AnySchema<'Diagnosis'>;

/** HTTP statuses the sandbox answers errors with. */
type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500 | 503;

/**
 * The root error of the sandbox: every error it throws, and every error response it sends, is one
 * of its subclasses. `code` names the cause; `status` and `responseBody()` give the wire form.
 */
export class SandboxError extends HTTPException {
  readonly code: SandboxErrorCode;
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    code: SandboxErrorCode,
    status: ErrorStatus,
    message: string,
    options: { cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(status, { message, cause: options.cause });
    this.name = 'SandboxError';
    this.code = code;
    this.headers = options.headers ?? {};
  }

  /** The JSON body sent for this error. */
  responseBody(): unknown {
    return { error: 'server_error', error_description: this.message };
  }

  /** The HTTP response of this error (used by the app's one `onError`). */
  override getResponse(): Response {
    return new Response(JSON.stringify(this.responseBody()), {
      status: this.status,
      headers: { 'Content-Type': 'application/json', ...this.headers },
    });
  }
}

/** A bad option of `createSandbox`/`startServer`, or a database that cannot be opened. */
export class SandboxSetupError extends SandboxError {
  declare readonly code: 'INVALID_OPTIONS' | 'DATABASE_FAILED';
  constructor(code: SandboxSetupError['code'], message: string, options: { cause?: unknown } = {}) {
    super(code, 500, message, options);
    this.name = 'SandboxSetupError';
  }
}

const API_ERROR = {
  MALFORMED_REQUEST: 'invalid_request',
  AUTHORIZATION_MISSING: 'invalid_request',
  SIGNATURE_MISSING: 'invalid_request',
  NONCE_MISSING: 'invalid_nonce',
  NONCE_REUSED: 'invalid_nonce',
  INVALID_SIGNATURE: 'invalid_signature',
} as const;

/**
 * A data or `/test` request the sandbox cannot accept: 400 `ApiError` `{ error, error_description }`
 * (DECISIONS M12, G20e). `error` is the wire value (`invalid_request`, `invalid_nonce`, `invalid_signature`).
 */
export class RequestError extends SandboxError {
  declare readonly code: keyof typeof API_ERROR;
  /** The `error` value of the response body. */
  readonly error: (typeof API_ERROR)[keyof typeof API_ERROR];
  constructor(code: RequestError['code'], message: string, options: { cause?: unknown } = {}) {
    super(code, 400, message, options);
    this.name = 'RequestError';
    this.error = API_ERROR[code];
  }
  override responseBody(): AnySchema<'ApiError'> {
    return { error: this.error, error_description: this.message };
  }
}

/** The signature sent to `/test` does not match: 400 with every step of the sandbox's own signing. */
export class SignatureMismatchError extends SandboxError {
  declare readonly code: 'TEST_SIGNATURE_MISMATCH';
  /** The first step whose result differs from what the caller sent (`signature` when only the result does). */
  readonly mismatch: string;
  /** Every intermediate value of the expected signature, as the spec's `SignatureMismatch` lists them. */
  readonly steps: Readonly<Record<string, string>>;
  constructor(mismatch: string, steps: Readonly<Record<string, string>>) {
    super(
      'TEST_SIGNATURE_MISMATCH',
      400,
      `Signature mismatch (first differing step: ${mismatch}). Compare each step with your own.`,
    );
    this.name = 'SignatureMismatchError';
    this.mismatch = mismatch;
    this.steps = steps;
  }
  override responseBody(): unknown {
    return { error: 'invalid_signature', error_description: this.message, ...this.steps };
  }
}

const TOKEN_ERROR = {
  TOKEN_REQUEST_MALFORMED: 'invalid_request',
  INVALID_CLIENT: 'invalid_client',
  INVALID_GRANT: 'invalid_grant',
  UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type',
  UNAUTHORIZED_CLIENT: 'unauthorized_client',
} as const;

/** A refused `POST /oauth2/token`: 400 with an RFC 6749 §5.2 body and `Cache-Control: no-store`. */
export class TokenRequestError extends SandboxError {
  declare readonly code: keyof typeof TOKEN_ERROR;
  /** The RFC 6749 `error` value. */
  readonly error: (typeof TOKEN_ERROR)[keyof typeof TOKEN_ERROR];
  constructor(code: TokenRequestError['code'], message: string) {
    super(code, 400, message, { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } });
    this.name = 'TokenRequestError';
    this.error = TOKEN_ERROR[code];
  }
  override responseBody(): AnySchema<'TokenError'> {
    return { error: this.error, error_description: this.message };
  }
}

const ADMIN = {
  ADMIN_DISABLED: { status: 403, error: 'admin_disabled' },
  ADMIN_UNAUTHORIZED: { status: 401, error: 'invalid_token' },
  ADMIN_BAD_REQUEST: { status: 400, error: 'invalid_request' },
  ADMIN_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large' },
} as const;

/** A refused admin API call (`/_sandbox/*`): disabled, wrong admin token, a bad or an oversized body. */
export class AdminError extends SandboxError {
  declare readonly code: keyof typeof ADMIN;
  readonly error: (typeof ADMIN)[keyof typeof ADMIN]['error'];
  constructor(code: AdminError['code'], message: string, options: { cause?: unknown } = {}) {
    super(code, ADMIN[code].status, message, {
      ...options,
      ...(code === 'ADMIN_UNAUTHORIZED' ? { headers: { 'WWW-Authenticate': 'Bearer' } } : {}),
    });
    this.name = 'AdminError';
    this.error = ADMIN[code].error;
  }
  override responseBody(): unknown {
    return { error: this.error, error_description: this.message, code: this.code };
  }
}

/** Base of the errors answered with the SData `{ $diagnoses: [...] }` envelope. */
abstract class DiagnosesError extends SandboxError {
  /** The diagnoses of the response body. */
  abstract readonly diagnoses: readonly Diagnosis[];
  override responseBody(): AnySchema<'Diagnoses'> {
    return { $diagnoses: [...this.diagnoses] };
  }
}

const one = (dataCode: string, message: string, source = ''): Diagnosis[] => [
  { $severity: 'error', $dataCode: dataCode, $message: message, $source: source },
];

/**
 * The access token of a data request is not accepted (401 `AuthorizationFailure`, G20c), or its scope
 * does not allow a write (403 `InsufficientScope`, G20d).
 */
export class AuthorizationError extends SandboxError {
  declare readonly code: 'TOKEN_EXPIRED' | 'TOKEN_INVALID' | 'INSUFFICIENT_SCOPE';
  constructor(code: AuthorizationError['code']) {
    const scope = code === 'INSUFFICIENT_SCOPE';
    super(
      code,
      scope ? 403 : 401,
      scope
        ? 'This access token has the readonly scope; writes need full_access.'
        : code === 'TOKEN_EXPIRED'
          ? 'The access token has expired: refresh it with the refresh token.'
          : 'The access token is unknown or revoked: authorize again.',
      scope
        ? {}
        : {
            headers: {
              'WWW-Authenticate':
                'Bearer error="invalid_token", error_description="The access token is unknown, expired or revoked"',
            },
          },
    );
    this.name = 'AuthorizationError';
  }
  override responseBody(): AnySchema<'Diagnoses'> {
    return {
      $diagnoses:
        this.code === 'INSUFFICIENT_SCOPE'
          ? one('InsufficientScope', this.message)
          : // The wire message stays the service's own (evidence.md); the cause is in `code`.
            one('AuthorizationFailure', 'Access Denied'),
    };
  }
}

/** No record (or route) at this path: 404 `RecordNotFound`. */
export class RecordNotFoundError extends DiagnosesError {
  declare readonly code: 'RECORD_NOT_FOUND';
  /** What was looked for, for example `Contact 12`. */
  readonly what: string;
  readonly diagnoses: readonly Diagnosis[];
  constructor(what: string, message = `${what} not found`) {
    super('RECORD_NOT_FOUND', 404, message);
    this.name = 'RecordNotFoundError';
    this.what = what;
    this.diagnoses = one('RecordNotFound', message);
  }
}

/** One failing field (`source` is the field name, `base` for the record as a whole). */
export interface FieldProblem {
  readonly source: string;
  readonly message: string;
}

/** 422 `ValidationError`: one diagnosis per failing field (G20b). */
export class ValidationFailedError extends DiagnosesError {
  declare readonly code: 'VALIDATION_FAILED';
  /** Every failing field. */
  readonly problems: readonly FieldProblem[];
  readonly diagnoses: readonly Diagnosis[];
  constructor(problems: readonly FieldProblem[]) {
    super('VALIDATION_FAILED', 422, problems.map((p) => p.message).join('; '));
    this.name = 'ValidationFailedError';
    this.problems = problems;
    this.diagnoses = problems.map((p) => ({
      $severity: 'error' as const,
      $dataCode: 'ValidationError',
      $message: p.message,
      $source: p.source,
    }));
  }
}

/** Too many data requests for this business in the current minute (429, G21). */
export class RateLimitedError extends DiagnosesError {
  declare readonly code: 'RATE_LIMITED';
  readonly retryAfterSeconds: number;
  readonly diagnoses: readonly Diagnosis[];
  constructor(retryAfterSeconds: number, injected = false) {
    const message = `Rate limit exceeded${injected ? ' (injected fault)' : ''}: retry after ${retryAfterSeconds} seconds.`;
    super('RATE_LIMITED', 429, message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
    this.diagnoses = one('RateLimitExceeded', message);
  }
}

/** A 500 or 503 injected through the admin API's faults. */
export class InjectedFaultError extends DiagnosesError {
  declare readonly code: 'INJECTED_FAULT';
  readonly diagnoses: readonly Diagnosis[];
  constructor(status: 500 | 503, retryAfterSeconds: number) {
    const message =
      status === 503
        ? 'Service unavailable (injected fault): retry later.'
        : 'Internal server error (injected fault).';
    super('INJECTED_FAULT', status, message, {
      headers: status === 503 ? { 'Retry-After': String(retryAfterSeconds) } : {},
    });
    this.name = 'InjectedFaultError';
    this.diagnoses = one(status === 503 ? 'ServiceUnavailable' : 'InternalError', message);
  }
}

/** Every error the sandbox throws, as a union discriminated by `code`: `switch (err.code)` narrows. */
export type SandboxErrors =
  | SandboxSetupError
  | RequestError
  | SignatureMismatchError
  | TokenRequestError
  | AdminError
  | AuthorizationError
  | RecordNotFoundError
  | ValidationFailedError
  | RateLimitedError
  | InjectedFaultError;

/** Stable codes of every error the sandbox raises; each names a cause. */
export type SandboxErrorCode =
  | 'INVALID_OPTIONS'
  | 'DATABASE_FAILED'
  | keyof typeof API_ERROR
  | 'TEST_SIGNATURE_MISMATCH'
  | keyof typeof TOKEN_ERROR
  | keyof typeof ADMIN
  | 'TOKEN_EXPIRED'
  | 'TOKEN_INVALID'
  | 'INSUFFICIENT_SCOPE'
  | 'RECORD_NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'RATE_LIMITED'
  | 'INJECTED_FAULT';

/** 422 for one record-level rule (`$source` `base`) or one field. */
export function validationError(source: string, message: string): ValidationFailedError {
  return new ValidationFailedError([{ source, message }]);
}

/** 400 `invalid_request` for a malformed parameter, header or body. */
export function malformed(message: string, cause?: unknown): RequestError {
  return new RequestError('MALFORMED_REQUEST', message, cause === undefined ? {} : { cause });
}
