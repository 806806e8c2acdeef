import { timingSafeEqual } from '@acctkit/signer';
import type { Hono } from 'hono';
import { formPairs, readFormText } from './parse-form-body.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { SandboxError, TokenRequestError } from './sandbox-error.js';
import type { IssuedTokens } from './token-store.js';
import type { AnySchema } from './variant.js';

/** Body of a successful token response (the spec's `TokenResponse`). */
export function tokenBody(t: IssuedTokens): AnySchema<'TokenResponse'> {
  return {
    access_token: t.accessToken,
    scope: t.scope,
    token_type: 'Bearer',
    expires_in: t.expiresIn,
    refresh_token: t.refreshToken,
  };
}

/**
 * `requestToken`: `POST /oauth2/token` with `authorization_code` or `refresh_token`. Codes live 60 s,
 * are single-use (a reuse revokes the tokens they issued) and bound to client and redirect URI;
 * refresh rotates the refresh token. Every error is 400 with an RFC 6749 §5.2 body.
 */
export function tokenRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.post('/oauth2/token/', () => {
    throw new TokenRequestError(
      'TOKEN_REQUEST_MALFORMED',
      'The token endpoint is /oauth2/token, without a trailing slash.',
    );
  });
  app.post('/oauth2/token', async (c) => {
    let pairs: [string, string][];
    try {
      pairs = formPairs(await readFormText(c, state.formLimits), state.formLimits);
    } catch (err) {
      throw new TokenRequestError(
        'TOKEN_REQUEST_MALFORMED',
        err instanceof SandboxError ? err.message : 'The body must be application/x-www-form-urlencoded.',
      );
    }
    const params = new Map<string, string>();
    for (const [k, v] of pairs) {
      if (params.has(k))
        throw new TokenRequestError('TOKEN_REQUEST_MALFORMED', `Parameter '${k}' is repeated.`);
      params.set(k, v);
    }
    const need = (name: string): string => {
      const v = params.get(name);
      if (v === undefined || v === '')
        throw new TokenRequestError('TOKEN_REQUEST_MALFORMED', `Missing parameter '${name}'.`);
      return v;
    };
    const clientId = need('client_id');
    const clientSecret = need('client_secret');
    const grantType = need('grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      throw new TokenRequestError(
        'UNSUPPORTED_GRANT_TYPE',
        'grant_type must be authorization_code or refresh_token.',
      );
    const client = state.directory.client(clientId);
    // Constant time: the comparison must not tell how much of a guessed secret was right.
    if (!client || !timingSafeEqual(clientSecret, client.clientSecret))
      throw new TokenRequestError(
        'INVALID_CLIENT',
        'Unknown client_id or wrong client_secret: send the credentials of a registered client.',
      );
    if (!client.grantTypes.includes(grantType))
      throw new TokenRequestError(
        'UNAUTHORIZED_CLIENT',
        `This client is not allowed to use the ${grantType} grant.`,
      );
    const now = state.clock.now();
    const ttl = state.accessTokenTtlSeconds;
    const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

    if (grantType === 'authorization_code') {
      const code = need('code');
      const redirectUri = need('redirect_uri');
      // Errors are returned, not thrown, inside the transaction so that the revocation of a reused
      // code's tokens commits.
      const tokens = state.store.transaction(() => {
        const row = state.directory.code(code);
        if (!row)
          return new TokenRequestError(
            'INVALID_GRANT',
            'The authorization code is unknown: send the code from the redirect, or authorize again.',
          );
        if (row.usedAt !== null) {
          state.directory.revokeByCode(row.codeHash, now);
          return new TokenRequestError(
            'INVALID_GRANT',
            'The authorization code was already used; the tokens it issued are revoked.',
          );
        }
        if (row.expiresAt <= now)
          throw new TokenRequestError(
            'INVALID_GRANT',
            'The authorization code has expired (codes live 60 seconds): authorize again.',
          );
        if (row.clientId !== client.clientId)
          throw new TokenRequestError(
            'INVALID_GRANT',
            'The authorization code was issued to another client.',
          );
        if (row.redirectUri !== redirectUri)
          throw new TokenRequestError(
            'INVALID_GRANT',
            'redirect_uri does not match the one used to obtain the code.',
          );
        state.directory.useCode(row.codeHash, now);
        return state.directory.issueTokens(
          {
            clientId: client.clientId,
            userId: row.userId,
            businessId: row.businessId,
            scope: row.scope,
            codeHash: row.codeHash,
          },
          now,
          ttl,
        );
      });
      if (tokens instanceof Error) throw tokens;
      return c.json(tokenBody(tokens), 200, headers);
    }
    const refresh = need('refresh_token');
    const result = state.store.transaction(() => state.directory.refresh(refresh, client.clientId, now, ttl));
    if (result === 'invalid')
      throw new TokenRequestError(
        'INVALID_GRANT',
        'The refresh token is unknown or revoked: authorize again.',
      );
    if (result === 'wrong_client')
      throw new TokenRequestError('INVALID_GRANT', 'The refresh token was issued to another client.');
    return c.json(tokenBody(result), 200, headers);
  });
}
