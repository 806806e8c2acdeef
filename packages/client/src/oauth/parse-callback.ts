import { timingSafeEqual } from '@acctkit/signer';
import { AccountingError, OAuthError } from '../accounting-error.js';
import { type Variant, variantFromCountry } from '../variant.js';

/** A successful authorization callback. */
export interface CallbackResult {
  /** The authorization code; exchange it within 60 seconds. */
  readonly code: string;
  /** The business's two-letter country, lower case. */
  readonly country: string;
  /** The variant the country selects: pass it to `createClient`. */
  readonly variant: Variant;
}

/**
 * Reads the authorization callback: checks `state` first (a mismatch means the answer is not for this
 * session), then an `error` parameter, then `code` and `country`.
 *
 * @param url - The callback URL the browser arrived at (or its query string).
 * @param expectedState - The state `authorizationUrl` returned for this session.
 * @returns The code, the country and its variant.
 * @throws AccountingError `STATE_MISMATCH`, `UNKNOWN_COUNTRY`; {@link OAuthError} (`OAUTH_ERROR`) for
 *   an `error` parameter (`access_denied`, …) or a callback without a code.
 * @example
 * ```ts
 * import { parseCallback } from '@acctkit/client';
 * declare const request: Request, session: { state: string };
 * const { code, country, variant } = parseCallback(request.url, session.state);
 * ```
 */
export function parseCallback(url: string | URL, expectedState: string): CallbackResult {
  // A full URL or a bare query: drop everything up to `?` and any fragment.
  const query = new URLSearchParams(String(url).replace(/^[^?]*\?|#.*/g, ''));
  const state = query.get('state');
  if (!expectedState || state === null || !timingSafeEqual(state, expectedState))
    throw new AccountingError(
      'STATE_MISMATCH',
      'The callback state is not the one sent; start the authorization again.',
    );
  const error = query.get('error');
  if (error !== null) throw new OAuthError(error, query.get('error_description') ?? undefined);
  const code = query.get('code');
  const country = query.get('country');
  if (!code || !country)
    throw new OAuthError('invalid_request', 'The callback has neither an error nor a code and a country.');
  return { code, country: country.toLowerCase(), variant: variantFromCountry(country) };
}
