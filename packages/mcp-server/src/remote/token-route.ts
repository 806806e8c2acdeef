import { timingSafeEqual } from '@acctkit/signer';
import type { Context, Hono } from 'hono';
import type {
  AccessRecord,
  CodeRecord,
  GrantRecord,
  RefreshRecord,
  RevokedReason,
  Scope,
} from './grant-records.js';
import { OAuthHttpError } from './oauth-error.js';
import type { RemoteContext } from './remote-context.js';
import { updateKey } from './remote-storage.js';
import { pkceChallenge, randomToken, sha256 } from './secrets.js';

const invalidGrant = (description: string) => new OAuthHttpError(400, 'invalid_grant', description);

/** Marks a grant revoked: every access and refresh token of it stops working. */
async function revokeGrant(ctx: RemoteContext, grantId: string, reason: RevokedReason): Promise<void> {
  await updateKey<GrantRecord, void>(ctx.storage, `grant:${grantId}`, (g) =>
    g && !g.revoked ? { value: { ...g, revoked: reason }, result: undefined } : { result: undefined },
  );
}

/** Issues an access token and a refresh token for a grant; only their hashes are stored. */
async function issueTokens(
  ctx: RemoteContext,
  grantId: string,
  clientId: string,
  resource: string,
  scope: Scope,
): Promise<Record<string, unknown>> {
  const now = ctx.config.now();
  const accessToken = randomToken('acctkit_mcp_at_');
  const refreshToken = randomToken('acctkit_mcp_rt_');
  const expiresAt = now + ctx.config.accessTokenTtlSeconds * 1000;
  const access: AccessRecord = { grantId, clientId, resource, scope, expiresAt };
  const refresh: RefreshRecord = { grantId, clientId, resource, scope, used: false };
  await ctx.storage.set(`at:${await sha256(accessToken)}`, access, { expected: 0, expiresAt });
  await ctx.storage.set(`rt:${await sha256(refreshToken)}`, refresh, {
    expected: 0,
    expiresAt: now + ctx.config.refreshTokenTtlSeconds * 1000,
  });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ctx.config.accessTokenTtlSeconds,
    refresh_token: refreshToken,
    scope,
  };
}

function param(form: URLSearchParams, name: string): string | undefined {
  const all = form.getAll(name);
  if (all.length > 1) throw new OAuthHttpError(400, 'invalid_request', `${name} is repeated.`);
  return all[0];
}

function checkResource(ctx: RemoteContext, form: URLSearchParams, bound: string): void {
  const resource = param(form, 'resource');
  if (resource !== undefined && resource !== bound)
    throw new OAuthHttpError(400, 'invalid_target', `Tokens of this grant are for ${bound} only.`);
  if (bound !== ctx.config.resource) throw invalidGrant('The grant is for another resource.');
}

async function liveGrant(ctx: RemoteContext, grantId: string): Promise<GrantRecord> {
  const grant = (await ctx.storage.get<GrantRecord>(`grant:${grantId}`))?.value;
  if (!grant || grant.revoked) throw invalidGrant('The grant has been revoked; authorize again.');
  return grant;
}

async function authorizationCode(ctx: RemoteContext, form: URLSearchParams, clientId: string) {
  const code = param(form, 'code');
  const verifier = param(form, 'code_verifier');
  if (!code) throw new OAuthHttpError(400, 'invalid_request', 'code is required.');
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
    throw new OAuthHttpError(
      400,
      'invalid_request',
      'code_verifier (PKCE, 43 to 128 characters) is required.',
    );
  const key = `code:${await sha256(code)}`;
  // Consumed by the first presentation, whatever follows; a second one revokes what the first got.
  const record = await updateKey<CodeRecord, CodeRecord | undefined>(ctx.storage, key, (r) =>
    r ? { value: { ...r, used: true }, expiresAt: r.expiresAt + 600_000, result: r } : { result: undefined },
  );
  if (!record) throw invalidGrant('Unknown authorization code.');
  if (record.used) {
    await revokeGrant(ctx, record.grantId, 'code_reuse');
    throw invalidGrant('The authorization code was already used; its tokens are revoked.');
  }
  if (record.expiresAt <= ctx.config.now()) throw invalidGrant('The authorization code has expired.');
  if (record.clientId !== clientId) throw invalidGrant('The code was issued to another client.');
  if (param(form, 'redirect_uri') !== record.redirectUri)
    throw invalidGrant('redirect_uri differs from the authorization request.');
  if (!timingSafeEqual(await pkceChallenge(verifier), record.codeChallenge))
    throw invalidGrant('code_verifier does not match the code_challenge (PKCE).');
  checkResource(ctx, form, record.resource);
  await liveGrant(ctx, record.grantId);
  return issueTokens(ctx, record.grantId, clientId, record.resource, record.scope);
}

async function refreshToken(ctx: RemoteContext, form: URLSearchParams, clientId: string) {
  const token = param(form, 'refresh_token');
  if (!token) throw new OAuthHttpError(400, 'invalid_request', 'refresh_token is required.');
  const key = `rt:${await sha256(token)}`;
  const record = await updateKey<RefreshRecord, RefreshRecord | undefined>(ctx.storage, key, (r) =>
    r ? { value: { ...r, used: true }, result: r } : { result: undefined },
  );
  if (!record) throw invalidGrant('Unknown or expired refresh token.');
  if (record.clientId !== clientId) throw invalidGrant('The refresh token was issued to another client.');
  if (record.used) {
    // A rotated-away refresh token came back: it leaked, or a copy is in use. Revoke the family.
    await revokeGrant(ctx, record.grantId, 'refresh_reuse');
    throw invalidGrant('The refresh token was already used; every token of this grant is revoked.');
  }
  checkResource(ctx, form, record.resource);
  const grant = await liveGrant(ctx, record.grantId);
  const asked = param(form, 'scope');
  const scope: Scope = asked === 'readonly' ? 'readonly' : record.scope;
  return issueTokens(ctx, grant.id, clientId, record.resource, scope);
}

/** `POST /token`: `authorization_code` (PKCE S256) and `refresh_token` (rotated) for public clients. */
export function tokenRoute(app: Hono, ctx: RemoteContext): void {
  app.post('/token', async (c: Context) => {
    if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
      throw new OAuthHttpError(400, 'invalid_request', 'Send application/x-www-form-urlencoded.');
    const form = new URLSearchParams(await c.req.text());
    const clientId = param(form, 'client_id');
    if (!clientId) throw new OAuthHttpError(401, 'invalid_client', 'client_id is required.');
    const grantType = param(form, 'grant_type');
    const body =
      grantType === 'authorization_code'
        ? await authorizationCode(ctx, form, clientId)
        : grantType === 'refresh_token'
          ? await refreshToken(ctx, form, clientId)
          : (() => {
              throw new OAuthHttpError(
                400,
                'unsupported_grant_type',
                'Use authorization_code or refresh_token.',
              );
            })();
    return c.json(body, 200, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  });
}
