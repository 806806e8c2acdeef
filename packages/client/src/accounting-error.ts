import { REDACTED } from '@acctkit/signer';

/**
 * Stable codes carried by {@link AccountingError}; switch on them, never on the message.
 *
 * - `HTTP_ERROR`: a call answered with a non-2xx status ({@link HttpError}, from `unwrap()` or paging).
 * - `OAUTH_ERROR`: the authorization callback or the token endpoint reported an OAuth error
 *   ({@link OAuthError}); a refresh that fails with `invalid_grant` means the user must connect again.
 * - `STATE_MISMATCH`: the callback's `state` is not the one sent; do not continue.
 * - `UNKNOWN_COUNTRY`: the callback's `country` maps to no variant this client knows.
 * - `VARIANT_MISMATCH`: the client's variant is not the one of its tokens' business
 *   ({@link VariantMismatchError}); nothing was sent.
 * - `NO_TOKENS`: a token manager was asked for credentials before it held any tokens.
 * - `TIMEOUT`: a request got no response within `timeoutMs`.
 * - `NETWORK`: the request could not be sent or the connection failed.
 * - `SIGNING_FAILED`: the request could not be signed (missing credentials, malformed query or body).
 * - `STORE_FAILED`: a token store could not read or write its tokens.
 * - `CONFIG_FAILED`: the app config file is damaged, or an app's secrets are set nowhere
 *   (`AppConfigError` of `@acctkit/client/node`).
 * - `INVALID_ARGUMENT`: the client was called wrongly (bad or contradictory option, bad decimal).
 */
export type AccountingErrorCode =
  | 'HTTP_ERROR'
  | 'OAUTH_ERROR'
  | 'STATE_MISMATCH'
  | 'UNKNOWN_COUNTRY'
  | 'VARIANT_MISMATCH'
  | 'NO_TOKENS'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'SIGNING_FAILED'
  | 'STORE_FAILED'
  | 'CONFIG_FAILED'
  | 'INVALID_ARGUMENT';

/**
 * The one base error of `@acctkit/client`. Its message never contains a secret or a token.
 *
 * @example
 * ```ts
 * import { type AccountingClient, AccountingError, unwrap } from '@acctkit/client';
 * declare const api: AccountingClient<'de'>;
 * try {
 *   await unwrap(api.GET('/core/v2/business'));
 * } catch (err) {
 *   if (err instanceof AccountingError && err.code === 'TIMEOUT') {
 *     // try again later
 *   }
 * }
 * ```
 */
export class AccountingError extends Error {
  /** Stable machine-readable reason. */
  declare readonly code: AccountingErrorCode;

  constructor(code: AccountingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountingError';
    this.code = code;
  }
}

/** `INVALID_ARGUMENT` for a value that is not what was asked for (quoted, at most 32 characters). */
export function notA(value: unknown, expected: string): AccountingError {
  return new AccountingError('INVALID_ARGUMENT', `'${String(value).slice(0, 32)}' is not ${expected}.`);
}

/** Body fields that may hold a secret (the `/test` endpoint's signature mismatch report). */
const secretFields = [
  'signing_key',
  'signing_secret',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'password',
  'authorization',
];

/**
 * A copy of an error body with every secret-bearing field, at any depth, replaced by `'[redacted]'`.
 * Anything that is not a plain JSON object or array comes back as it is.
 */
export function redactBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactBody);
  if (!body || typeof body !== 'object') return body;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    copy[key] = secretFields.includes(key) ? REDACTED : redactBody(value);
  return copy;
}

/** A one-line summary of an error body: the first diagnosis, or `error: error_description`. */
function describe(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { $diagnoses?: { $dataCode?: string; $message?: string; $source?: string }[] };
  const d = b.$diagnoses?.[0];
  if (d) return ` ${d.$dataCode ?? ''}: ${d.$message ?? ''}${d.$source ? ` (${d.$source})` : ''}`;
  const e = body as { error?: unknown; error_description?: unknown };
  return typeof e.error === 'string' ? ` ${e.error}: ${String(e.error_description ?? '')}` : '';
}

/**
 * A call answered with a non-2xx status. `body` is the parsed error body (`$diagnoses`, the 400
 * `{ error, error_description }`), with secret-bearing fields redacted.
 *
 * @example
 * ```ts
 * import { type AccountingClient, HttpError, unwrap } from '@acctkit/client';
 * declare const api: AccountingClient<'de'>;
 * try {
 *   await unwrap(api.GET('/accounts/v2/contacts/{id}', { params: { path: { id: 999 } } }));
 * } catch (err) {
 *   if (err instanceof HttpError && err.status === 404) {
 *     // the contact is gone
 *   }
 * }
 * ```
 */
export class HttpError extends AccountingError {
  declare readonly code: 'HTTP_ERROR';
  /** The HTTP status. */
  declare readonly status: number;
  /** The parsed error body, secrets redacted. */
  declare readonly body: unknown;
  /** Request method and URL path (no query, which may hold personal data), when known. */
  declare readonly request: string | undefined;

  constructor(status: number, body: unknown, request?: string) {
    super('HTTP_ERROR', `${request ?? 'The request'} answered ${status}.${describe(body)}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = redactBody(body);
    this.request = request;
  }
}

/**
 * An OAuth error from the authorization callback (`error` parameter) or the token endpoint
 * (`{ error, error_description }`).
 *
 * @example
 * ```ts
 * import { OAuthError, parseCallback } from '@acctkit/client';
 * declare const callbackUrl: string, savedState: string;
 * try {
 *   parseCallback(callbackUrl, savedState);
 * } catch (err) {
 *   if (err instanceof OAuthError && err.error === 'access_denied') {
 *     // the user declined
 *   }
 * }
 * ```
 */
export class OAuthError extends AccountingError {
  declare readonly code: 'OAUTH_ERROR';
  /** The OAuth error code (`access_denied`, `invalid_grant`, …). */
  declare readonly error: string;
  /** The server's description, when it gave one. */
  declare readonly description: string | undefined;
  /** The HTTP status for a token endpoint error; `undefined` at the callback. */
  declare readonly status: number | undefined;

  constructor(error: string, description: string | undefined, status?: number) {
    super(
      'OAUTH_ERROR',
      `OAuth error '${error}'${description ? `: ${description}` : ''}.${
        error === 'invalid_grant' ? ' The grant is expired or revoked: connect the user again.' : ''
      }`,
    );
    this.name = 'OAuthError';
    this.error = error;
    this.description = description;
    this.status = status;
  }
}

/**
 * The client's variant is not the one of the business its tokens belong to (a `pt` client over the
 * tokens of a `de` business): thrown before anything is sent, since every call would be answered with
 * the other variant's data or refused.
 *
 * @example
 * ```ts
 * import { type AccountingClient, VariantMismatchError } from '@acctkit/client';
 * declare const api: AccountingClient<'de'>;
 * try {
 *   await api.GET('/core/v2/business');
 * } catch (err) {
 *   if (err instanceof VariantMismatchError) {
 *     // create the client with variant err.tokenVariant
 *   }
 * }
 * ```
 */
export class VariantMismatchError extends AccountingError {
  declare readonly code: 'VARIANT_MISMATCH';
  /** The variant the client was created with. */
  declare readonly variant: string;
  /** The country of the tokens' business (the callback's `country`), which names its variant. */
  declare readonly tokenVariant: string;

  constructor(variant: string, tokenVariant: string) {
    super(
      'VARIANT_MISMATCH',
      `The tokens belong to a '${tokenVariant.slice(0, 8)}' business but the client was created with variant '${variant}': create it with variant '${tokenVariant.slice(0, 8)}' (variantFromCountry(country)), or connect a '${variant}' business.`,
    );
    this.name = 'VariantMismatchError';
    this.variant = variant;
    this.tokenVariant = tokenVariant;
  }
}

/** The codes whose errors carry no data beyond the message (plain {@link AccountingError}s). */
type PlainCode = Exclude<AccountingErrorCode, 'HTTP_ERROR' | 'OAUTH_ERROR' | 'VARIANT_MISMATCH'>;

/**
 * Every error the client throws, discriminated by `code`: `switch (err.code)` narrows to the subclass
 * with its data (`HTTP_ERROR` → {@link HttpError} with `status` and `body`, `OAUTH_ERROR` →
 * {@link OAuthError}, `VARIANT_MISMATCH` → {@link VariantMismatchError}); the other codes are plain
 * {@link AccountingError}s. A `@acctkit/client/node` connection store's `ConnectionStoreError` is
 * `STORE_FAILED`.
 *
 * @example
 * ```ts
 * import { type AccountingClient, isAccountingError, unwrap } from '@acctkit/client';
 * declare const api: AccountingClient<'de'>;
 * try {
 *   await unwrap(api.GET('/core/v2/business'));
 * } catch (err) {
 *   if (!isAccountingError(err)) throw err;
 *   switch (err.code) {
 *     case 'HTTP_ERROR':
 *       console.log(err.status, err.body);
 *       break;
 *     case 'OAUTH_ERROR':
 *       console.log(err.error); // 'invalid_grant': connect the user again
 *       break;
 *     default:
 *       throw err;
 *   }
 * }
 * ```
 */
export type AnyAccountingError =
  | HttpError
  | OAuthError
  | VariantMismatchError
  | { [C in PlainCode]: AccountingError & { readonly code: C } }[PlainCode];

/**
 * Whether `err` is an error of this package, typed as {@link AnyAccountingError} so that
 * `switch (err.code)` narrows.
 *
 * @param err - Anything caught.
 * @returns `true` for an {@link AccountingError} or a subclass.
 * @example
 * ```ts
 * import { isAccountingError } from '@acctkit/client';
 * declare const err: unknown;
 * if (isAccountingError(err) && err.code === 'HTTP_ERROR') console.log(err.status);
 * ```
 */
export function isAccountingError(err: unknown): err is AnyAccountingError {
  return err instanceof AccountingError;
}
