import { MALFORMED } from './percent-encode.js';
import { SignerError } from './signer-error.js';

// Module-level: a regex literal inside a function is a new object on every call.
const ESCAPED = /[%+]/;

/**
 * Decodes one form-urlencoded or query component: `+` is a space, `%XX` are UTF-8 bytes.
 * A broken escape throws `SignerError` `MALFORMED_ENCODING` instead of passing through silently, since a
 * server would decode it differently and the signature would not match.
 */
export function percentDecode(value: string): string {
  try {
    return ESCAPED.test(value) ? decodeURIComponent(value.replaceAll('+', ' ')) : value;
  } catch (cause) {
    throw new SignerError('MALFORMED_ENCODING', MALFORMED, {
      cause,
    });
  }
}
