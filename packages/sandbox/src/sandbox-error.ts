import { HTTPException } from 'hono/http-exception';

/** Stable codes of every error the sandbox raises. */
export type SandboxErrorCode =
  | 'API_ERROR'
  | 'DIAGNOSES'
  | 'TOKEN_ERROR'
  | 'HTML_ERROR'
  | 'INVALID_OPTIONS'
  | 'DATABASE_FAILED';

/** One SData diagnosis, as returned in `$diagnoses`. */
export interface Diagnosis {
  readonly $severity: 'error';
  readonly $dataCode: string;
  readonly $message: string;
  readonly $source: string;
}

/**
 * The base error of the sandbox. HTTP-facing subclasses extend `HTTPException` semantics through
 * {@link SandboxHttpError}; this one is for misuse (bad options) and storage failures.
 */
export class SandboxError extends Error {
  readonly code: SandboxErrorCode;
  constructor(code: SandboxErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SandboxError';
    this.code = code;
  }
}

/** An HTTP error with a stable code and the JSON body to send; mapped to a response in one `onError`. */
export class SandboxHttpError extends HTTPException {
  readonly code: SandboxErrorCode;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(
    code: SandboxErrorCode,
    status: 400 | 401 | 403 | 404 | 405 | 413 | 422 | 429 | 500 | 503,
    body: unknown,
    options: { headers?: Record<string, string>; cause?: unknown; message?: string } = {},
  ) {
    super(status, { message: options.message ?? code, cause: options.cause });
    this.name = 'SandboxHttpError';
    this.code = code;
    this.body = body;
    this.headers = options.headers ?? {};
  }
}

/** 400 `{ error, error_description }`: missing or incorrect parameters or headers (DECISIONS M12). */
export function apiError(error: string, description: string, cause?: unknown): SandboxHttpError {
  return new SandboxHttpError(
    'API_ERROR',
    400,
    { error, error_description: description },
    { cause, message: description },
  );
}

/** An SData diagnoses error (401, 403, 404, 422, 429, 503). */
export function diagnosesError(
  status: 401 | 403 | 404 | 422 | 429 | 500 | 503,
  diagnoses: readonly Omit<Diagnosis, '$severity'>[],
  headers: Record<string, string> = {},
): SandboxHttpError {
  const $diagnoses = diagnoses.map((d) => ({ $severity: 'error' as const, ...d }));
  return new SandboxHttpError(
    'DIAGNOSES',
    status,
    { $diagnoses },
    {
      headers,
      message: $diagnoses.map((d) => d.$message).join('; '),
    },
  );
}

/** 404 `RecordNotFound`. */
export function notFound(what: string): SandboxHttpError {
  return diagnosesError(404, [{ $dataCode: 'RecordNotFound', $message: `${what} not found`, $source: '' }]);
}

/** 422 `ValidationError` for one record-level rule (`$source` `base`) or one field. */
export function validationError(source: string, message: string): SandboxHttpError {
  return diagnosesError(422, [{ $dataCode: 'ValidationError', $message: message, $source: source }]);
}

/** 400 token endpoint error (RFC 6749 §5.2). */
export function tokenError(error: string, description: string): SandboxHttpError {
  return new SandboxHttpError(
    'TOKEN_ERROR',
    400,
    { error, error_description: description },
    {
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      message: description,
    },
  );
}
