import { malformed } from './percent-encode.js';

/**
 * Decodes one form-urlencoded or query component: `+` is a space, `%XX` are UTF-8 bytes.
 * A broken escape throws `SignerError` `MALFORMED_ENCODING` instead of passing through silently, since a
 * server would decode it differently and the signature would not match.
 */
export function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch (cause) {
    return malformed(cause);
  }
}
