import { timingSafeEqual } from '@acctkit/signer';
import { isVaultError } from '@acctkit/token-vault';
import type { Context, Hono } from 'hono';
import { confirmClient } from './client-registry.js';
import type { AccessRecord, CodeRecord, GrantRecord, RefreshRecord, Scope } from './grant-records.js';
import { OAuthHttpError } from './oauth-error.js';
import type { RemoteContext } from './remote-context.js';
import { extendGrant, revokeGrant } from './revoke-grant.js';
import { pkceChallenge, randomToken, sha256 } from './secrets.js';
import { createStored, getStored, STORED, updateStored } from './stored-keys.js';

const invalidGrant = (description: string) => new OAuthHttpError(400, 'invalid_grant', description);

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
  await createStored(ctx.storage, STORED.accessToken(await sha256(accessToken)), access, expiresAt);
  const refreshExpiresAt = now + ctx.config.refreshTokenTtlSeconds * 1000;
  await createStored(ctx.storage, STORED.refreshToken(await sha256(refreshToken)), refresh, refreshExpiresAt);
  // The grant (and its upstream tokens) lives as long as its newest refresh token, then is deleted.
  await extendGrant(ctx, grantId, refreshExpiresAt);
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
  const grant = await getStored(ctx.storage, STORED.grant(grantId));
  if (!grant || grant.revoked) throw invalidGrant('The grant has been revoked; authorize again.');
  return grant;
}

/**
 * A live grant whose sealed upstream tokens open under the key ring: tokens are issued only for a
 * grant that can serve a request. One whose tokens cannot be opened (their key left the ring, the
 * stored value was altered or moved) or are gone is revoked, so the MCP client's next sign-in starts a
 * new grant instead of looping on tokens that would each answer 401.
 */
async function usableGrant(ctx: RemoteContext, grantId: string): Promise<GrantRecord> {
  const grant = await liveGrant(ctx, grantId);
  try {
    if (await ctx.vault.tokens(grant.id)) return grant;
    await revokeGrant(ctx, grant.id, 'upstream');
    throw invalidGrant('The sign-in of this grant is gone; authorize again.');
  } catch (cause) {
    if (!isVaultError(cause) || cause.code !== 'DECRYPT') throw cause;
    await revokeGrant(ctx, grant.id, 'unreadable');
    throw invalidGrant("The grant's stored sign-in can no longer be opened; authorize again.");
  }
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
  const key = STORED.code(await sha256(code));
  const record = await getStored(ctx.storage, key);
  if (!record) throw invalidGrant('Unknown authorization code.');
  if (record.used) return codeReplayed(ctx, record);
  // Everything is checked before the code is consumed: a client's mistake gets its error and the code
  // stays usable until it expires (DECISIONS R26); only a successful exchange uses it up.
  if (record.expiresAt <= ctx.config.now()) throw invalidGrant('The authorization code has expired.');
  if (record.clientId !== clientId) throw invalidGrant('The code was issued to another client.');
  if (param(form, 'redirect_uri') !== record.redirectUri)
    throw invalidGrant('redirect_uri differs from the authorization request.');
  if (!timingSafeEqual(await pkceChallenge(verifier), record.codeChallenge))
    throw invalidGrant('code_verifier does not match the code_challenge (PKCE).');
  checkResource(ctx, form, record.resource);
  await usableGrant(ctx, record.grantId);
  // Consumed by compare-and-set: of two exchanges racing, one wins and the other is a replay.
  const consumed = await updateStored(ctx.storage, key, (r) =>
    r && !r.used
      ? { value: { ...r, used: true }, expiresAt: r.expiresAt + 600_000, result: true }
      : { result: false },
  );
  if (!consumed) return codeReplayed(ctx, record);
  await confirmClient(ctx.storage, clientId);
  return issueTokens(ctx, record.grantId, clientId, record.resource, record.scope);
}

async function codeReplayed(ctx: RemoteContext, record: CodeRecord): Promise<never> {
  await revokeGrant(ctx, record.grantId, 'code_reuse');
  throw invalidGrant('The authorization code was already used; its tokens are revoked.');
}

async function refreshToken(ctx: RemoteContext, form: URLSearchParams, clientId: string) {
  const token = param(form, 'refresh_token');
  if (!token) throw new OAuthHttpError(400, 'invalid_request', 'refresh_token is required.');
  const key = STORED.refreshToken(await sha256(token));
  const record = await getStored(ctx.storage, key);
  if (!record) throw invalidGrant('Unknown or expired refresh token.');
  if (record.clientId !== clientId) throw invalidGrant('The refresh token was issued to another client.');
  if (record.used) return refreshReplayed(ctx, record);
  // Checked before the token is rotated: a wrong resource or scope gets its error, the grant lives on.
  checkResource(ctx, form, record.resource);
  const scope = requestedScope(param(form, 'scope'), record.scope);
  const grant = await usableGrant(ctx, record.grantId);
  const rotated = await updateStored(ctx.storage, key, (r) =>
    r && !r.used ? { value: { ...r, used: true }, result: true } : { result: false },
  );
  if (!rotated) return refreshReplayed(ctx, record);
  return issueTokens(ctx, grant.id, clientId, record.resource, scope);
}

async function refreshReplayed(ctx: RemoteContext, record: RefreshRecord): Promise<never> {
  // A rotated-away refresh token came back: it leaked, or a copy is in use. Revoke the family.
  await revokeGrant(ctx, record.grantId, 'refresh_reuse');
  throw invalidGrant('The refresh token was already used; every token of this grant is revoked.');
}

/**
 * The scope of a refreshed token (RFC 6749 §6): the refresh token's own when none is asked for, else
 * what is asked for, which must be known and no more than the refresh token carries (`full_access`
 * includes `readonly`).
 */
function requestedScope(asked: string | undefined, held: Scope): Scope {
  const words = (asked ?? '').split(' ').filter(Boolean);
  if (words.length === 0) return held;
  const unknown = words.filter((w) => w !== 'readonly' && w !== 'full_access');
  if (unknown.length > 0)
    throw new OAuthHttpError(
      400,
      'invalid_scope',
      `Unknown scope ${unknown.map((w) => `'${w.slice(0, 40)}'`).join(', ')}: use readonly or full_access.`,
    );
  const wanted: Scope = words.includes('full_access') ? 'full_access' : 'readonly';
  if (wanted === 'full_access' && held !== 'full_access')
    throw new OAuthHttpError(
      400,
      'invalid_scope',
      'This refresh token is readonly: authorize again for full_access.',
    );
  return wanted;
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
