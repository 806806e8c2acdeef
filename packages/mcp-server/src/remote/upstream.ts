import * as oauth from 'oauth4webapi';
import { isLoopbackHost, type ResolvedConfig } from './remote-config.js';

/**
 * The accounting service's OAuth, spoken with oauth4webapi as a confidential client
 * (`client_secret_post`, as the service's token endpoint requires). The service takes no PKCE, so
 * the code is bound by `state` and the registered redirect URI.
 */
export interface Upstream {
  /** `{authUrl}/oauth2/auth` for this deployment's client id, callback and `state`. */
  authorizationUrl(options: { redirectUri: string; scope: string; state: string }): string;
  /** Checks the callback's `state`, then exchanges its code. */
  exchange(
    callbackUrl: URL,
    expectedState: string,
    redirectUri: string,
  ): Promise<{ tokens: oauth.TokenEndpointResponse; country: string }>;
  /** Refreshes; throws {@link oauth.ResponseBodyError} (`invalid_grant`, …) when refused. */
  refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse>;
}

/** Creates the upstream OAuth client of a deployment. */
export function createUpstream(config: ResolvedConfig): Upstream {
  const { upstream } = config;
  const as: oauth.AuthorizationServer = {
    issuer: upstream.authUrl,
    authorization_endpoint: `${upstream.authUrl}/oauth2/auth`,
    token_endpoint: `${upstream.baseUrl}/oauth2/token`,
  };
  const client: oauth.Client = { client_id: upstream.clientId };
  const auth = oauth.ClientSecretPost(upstream.clientSecret);
  const options: oauth.TokenEndpointRequestOptions = {
    // http is accepted only for a service on this machine (the sandbox); configuration refuses it elsewhere.
    [oauth.allowInsecureRequests]: isLoopbackHost(new URL(upstream.baseUrl).hostname),
    [oauth.customFetch]: (url, init) => config.fetch(new Request(url, init as RequestInit)),
    signal: AbortSignal.timeout(15_000),
  };
  return {
    authorizationUrl({ redirectUri, scope, state }) {
      const url = new URL(as.authorization_endpoint as string);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: upstream.clientId,
        redirect_uri: redirectUri,
        scope,
        state,
      }).toString();
      return url.href;
    },
    async exchange(callbackUrl, expectedState, redirectUri) {
      const params = oauth.validateAuthResponse(as, client, callbackUrl.searchParams, expectedState);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        auth,
        params,
        redirectUri,
        oauth.nopkce,
        { ...options, signal: AbortSignal.timeout(15_000) },
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
      return { tokens, country: (params.get('country') ?? '').toLowerCase() };
    },
    async refresh(refreshToken) {
      const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, {
        ...options,
        signal: AbortSignal.timeout(15_000),
      });
      return oauth.processRefreshTokenResponse(as, client, response);
    },
  };
}

/** Whether an upstream failure means the grant is gone (revoked, expired), not a passing fault. */
export function isGrantGone(error: unknown): boolean {
  return (
    error instanceof oauth.ResponseBodyError &&
    (error.error === 'invalid_grant' ||
      error.error === 'unauthorized_client' ||
      error.error === 'invalid_client')
  );
}
