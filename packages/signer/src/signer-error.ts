/**
 * Stable codes carried by {@link SignerError}; switch on them, never on the message.
 *
 * - `INVALID_URL`: the request URL could not be parsed as an absolute URL.
 * - `MALFORMED_ENCODING`: a query or form-body parameter holds a broken `%` escape, or a string holds
 *   an unpaired UTF-16 surrogate that has no UTF-8 form.
 * - `INVALID_BODY`: an object body holds a value that is not a string, number, boolean, bigint, `null`,
 *   `undefined`, array or plain object (a `Date`, a `Map`, a function, a symbol), or the body is neither
 *   a string, `URLSearchParams` nor such an object.
 * - `MISSING_CREDENTIALS`: the signing secret or access token is missing or empty, or the credentials
 *   getter failed.
 * - `CRYPTO_FAILED`: WebCrypto is unavailable or refused to import the key or sign.
 */
export type SignerErrorCode =
  | 'INVALID_URL'
  | 'MALFORMED_ENCODING'
  | 'INVALID_BODY'
  | 'MISSING_CREDENTIALS'
  | 'CRYPTO_FAILED';

/**
 * The one error this package throws. Its message never contains a secret or a token.
 *
 * @example
 * ```ts
 * import { sign, SignerError } from '@acctkit/signer';
 * try {
 *   await sign({ method: 'GET', url: 'https://h/x?a=%E0' }, { signingSecret: 's', accessToken: 't' });
 * } catch (err) {
 *   if (err instanceof SignerError && err.code === 'MALFORMED_ENCODING') {
 *     // fix the query string
 *   }
 * }
 * ```
 */
export class SignerError extends Error {
  /** Stable machine-readable reason. */
  declare readonly code: SignerErrorCode;

  constructor(code: SignerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SignerError';
    this.code = code;
  }
}

/**
 * Every error this package throws, discriminated by `code`: `switch (err.code)` narrows to the
 * member of that code. The package has one error class, so each member is a {@link SignerError}
 * whose `code` is one literal.
 *
 * @example
 * ```ts
 * import { type AnySignerError, SignerError, sign } from '@acctkit/signer';
 * try {
 *   await sign({ method: 'GET', url: 'https://h/x' }, { signingSecret: '', accessToken: 't' });
 * } catch (caught) {
 *   if (!(caught instanceof SignerError)) throw caught;
 *   const err = caught as AnySignerError;
 *   switch (err.code) {
 *     case 'MISSING_CREDENTIALS': // connect the user again or fix the configured secret
 *       break;
 *     default:
 *       throw err;
 *   }
 * }
 * ```
 */
export type AnySignerError = { [C in SignerErrorCode]: SignerError & { readonly code: C } }[SignerErrorCode];
