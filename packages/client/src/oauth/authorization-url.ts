import { createNonce } from '@acctkit/signer';

/** Options of {@link authorizationUrl}. */
export interface AuthorizationUrlOptions {
  /** The authorization host `{auth_url}`, for example `https://auth.accounting.example`. */
  readonly authUrl: string;
  /** The registered `client_id`. */
  readonly clientId: string;
  /** The callback URL the user's browser returns to. */
  readonly redirectUri: string;
  /** `readonly` or `full_access` (the service's default when left out is full access). */
  readonly scope?: 'readonly' | 'full_access' | undefined;
  /** A state of your own; by default 32 fresh random bytes (keep it in the user's session). */
  readonly state?: string | undefined;
}

/**
 * Builds the URL of the authorization page (`{authUrl}/oauth2/auth`) with an unguessable `state`.
 * Keep `state` in the user's session and give it to `parseCallback`.
 *
 * @param options - Auth host, client id, callback URL, scope and optional own state.
 * @returns The URL to send the browser to and the state to keep.
 * @example
 * ```ts
 * import { authorizationUrl } from '@acctkit/client';
 * const { url, state } = authorizationUrl({
 *   authUrl: 'https://auth.accounting.example',
 *   clientId: 'my-client-id',
 *   redirectUri: 'https://my.app/callback',
 *   scope: 'full_access',
 * });
 * ```
 */
export function authorizationUrl(options: AuthorizationUrlOptions): { url: string; state: string } {
  const state = options.state ?? createNonce();
  const url = new URL(`${options.authUrl.replace(/\/+$/, '')}/oauth2/auth`);
  const { clientId, redirectUri, scope } = options;
  url.search = `${new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    ...(scope && { scope }),
    state,
  })}`;
  return { url: url.toString(), state };
}
