import { SignerError } from './signer-error.js';

/** One error for both directions: the caller fixes the same input either way. */
export const malformed = (cause: unknown): never => {
  throw new SignerError('MALFORMED_ENCODING', 'Bad %-escape or lone surrogate', {
    cause,
  });
};

// encodeURIComponent leaves ! ' ( ) * alone; RFC 3986 reserves them. `escape` gives the upper-case
// escapes of the first four (and leaves `*`).
const SUB_DELIMS = /[!'()]/g;

/**
 * Percent-encodes a string by RFC 3986: UTF-8 bytes, upper-case hex, only `A-Z a-z 0-9 - _ . ~` left
 * as they are (so `*` is `%2A`, `!` is `%21`, space is `%20`).
 *
 * @param value - Any string; an unpaired surrogate throws `SignerError` `MALFORMED_ENCODING`.
 * @returns The encoded string.
 * @example
 * ```ts
 * import { percentEncode } from '@acctkit/signer';
 * percentEncode('a b*c'); // 'a%20b%2Ac'
 * ```
 */
export function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value).replace(SUB_DELIMS, escape).replaceAll('*', '%2A');
  } catch (cause) {
    return malformed(cause);
  }
}
