import { requestToken, type TokenEndpointOptions, type TokenResult } from './token-request.js';

/**
 * Exchanges an authorization code (valid 60 seconds) for tokens. Unsigned, as the service requires.
 *
 * @param options - Host, client id and secret, the code and the `redirectUri` used to get it.
 * @returns `{ data, error, response }`: `data` the token response, `error` the typed token error.
 * @throws AccountingError `NETWORK` when the token endpoint cannot be reached.
 * @example
 * ```ts
 * import { exchangeCode } from '@acctkit/client';
 * declare const clientId: string, clientSecret: string, code: string, redirectUri: string;
 * const { data, error } = await exchangeCode({
 *   baseUrl: 'https://api.accounting.example', clientId, clientSecret, code, redirectUri,
 * });
 * ```
 */
export function exchangeCode(
  options: TokenEndpointOptions & { readonly code: string; readonly redirectUri: string },
): Promise<TokenResult> {
  return requestToken(options, {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
  });
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token (the old one stops working).
 *
 * @param options - Host, client id and secret, and the refresh token.
 * @returns `{ data, error, response }` as {@link exchangeCode}.
 * @throws AccountingError `NETWORK` when the token endpoint cannot be reached.
 * @example
 * ```ts
 * import { refresh } from '@acctkit/client';
 * declare const baseUrl: string, clientId: string, clientSecret: string, refreshToken: string;
 * const { data } = await refresh({ baseUrl, clientId, clientSecret, refreshToken });
 * ```
 */
export function refresh(
  options: TokenEndpointOptions & { readonly refreshToken: string },
): Promise<TokenResult> {
  return requestToken(options, { grant_type: 'refresh_token', refresh_token: options.refreshToken });
}
