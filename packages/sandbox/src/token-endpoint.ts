import type { Hono } from 'hono';
import { formPairs, readFormText } from './form-body.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { tokenError } from './sandbox-error.js';
import type { Scope } from './scope.js';

/** Body of a successful token response. */
export function tokenBody(t: {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: Scope;
}): object {
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
    throw tokenError('invalid_request', 'The token endpoint is /oauth2/token, without a trailing slash.');
  });
  app.post('/oauth2/token', async (c) => {
    let pairs: [string, string][];
    try {
      pairs = formPairs(await readFormText(c.req.raw, state.formLimits), state.formLimits);
    } catch (err) {
      const body = (err as { body?: { error_description?: string } }).body;
      throw tokenError(
        'invalid_request',
        body?.error_description ?? 'The body must be application/x-www-form-urlencoded.',
      );
    }
    const params = new Map<string, string>();
    for (const [k, v] of pairs) {
      if (params.has(k)) throw tokenError('invalid_request', `Parameter '${k}' is repeated.`);
      params.set(k, v);
    }
    const need = (name: string): string => {
      const v = params.get(name);
      if (v === undefined || v === '') throw tokenError('invalid_request', `Missing parameter '${name}'.`);
      return v;
    };
    const clientId = need('client_id');
    const clientSecret = need('client_secret');
    const grantType = need('grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      throw tokenError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    const client = state.directory.client(clientId);
    if (!client || client.clientSecret !== clientSecret)
      throw tokenError('invalid_client', 'Unknown client_id or wrong client_secret.');
    if (!client.grantTypes.includes(grantType))
      throw tokenError('unauthorized_client', `This client is not allowed to use the ${grantType} grant.`);
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
        if (!row) return tokenError('invalid_grant', 'The authorization code is unknown.');
        if (row.usedAt !== null) {
          state.directory.revokeByCode(row.codeHash, now);
          return tokenError(
            'invalid_grant',
            'The authorization code was already used; the tokens it issued are revoked.',
          );
        }
        if (row.expiresAt <= now)
          throw tokenError('invalid_grant', 'The authorization code has expired (codes live 60 seconds).');
        if (row.clientId !== client.clientId)
          throw tokenError('invalid_grant', 'The authorization code was issued to another client.');
        if (row.redirectUri !== redirectUri)
          throw tokenError('invalid_grant', 'redirect_uri does not match the one used to obtain the code.');
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
    if (result === 'invalid') throw tokenError('invalid_grant', 'The refresh token is unknown or revoked.');
    if (result === 'wrong_client')
      throw tokenError('invalid_grant', 'The refresh token was issued to another client.');
    return c.json(tokenBody(result), 200, headers);
  });
}
