import type { MiddlewareHandler } from 'hono';
import type { AccessRecord, GrantRecord } from './grant-records.js';
import { resourceMetadataUrl } from './metadata-routes.js';
import type { RemoteContext } from './remote-context.js';
import { sha256 } from './secrets.js';
import { getStored, STORED, updateStored } from './stored-keys.js';

/** What the bearer check hands to the MCP handler. */
export interface AuthorizedGrant {
  readonly grant: GrantRecord;
  readonly access: AccessRecord;
}

/** Variables the bearer middleware sets. */
export interface BearerEnv {
  Variables: { authorized: AuthorizedGrant };
}

/**
 * A 401 as RFC 6750 §3 and the MCP authorization spec want it: `resource_metadata` always, `error`
 * when a token was sent (`invalid_token` makes MCP clients refresh or authorize again).
 */
export function unauthorized(ctx: RemoteContext, error?: string, description?: string): Response {
  const parts = [`resource_metadata="${resourceMetadataUrl(ctx)}"`];
  if (error) parts.push(`error="${error}"`);
  if (description) parts.push(`error_description="${description.replace(/["\\]/g, '')}"`);
  return new Response(
    JSON.stringify({
      jsonrpc: '2.0',
      error: {
        code: -32001,
        message: description ?? 'Authorization required: sign in through your MCP client.',
      },
      id: null,
    }),
    {
      status: 401,
      headers: {
        'Content-Type': 'application/json',
        'WWW-Authenticate': `Bearer ${parts.join(', ')}`,
        'Cache-Control': 'no-store',
      },
    },
  );
}

/**
 * Checks the bearer token of an MCP request: one of ours (by hash), unexpired, issued for this
 * resource (RFC 8707 audience), its grant live; then the per-token rate limit.
 */
export function bearerAuth(ctx: RemoteContext): MiddlewareHandler<BearerEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) return unauthorized(ctx);
    const m = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
    if (!m) return unauthorized(ctx, 'invalid_request', 'Send Authorization: Bearer <token>.');
    const hash = await sha256(m[1] as string);
    const access = await getStored(ctx.storage, STORED.accessToken(hash));
    const now = ctx.config.now();
    if (!access) return unauthorized(ctx, 'invalid_token', 'The access token is not one this server issued.');
    if (access.expiresAt <= now) return unauthorized(ctx, 'invalid_token', 'The access token has expired.');
    if (access.resource !== ctx.config.resource)
      return unauthorized(ctx, 'invalid_token', 'The access token was issued for another resource.');
    const grant = await getStored(ctx.storage, STORED.grant(access.grantId));
    if (!grant || grant.revoked)
      return unauthorized(ctx, 'invalid_token', 'This connection was revoked; sign in again.');
    const limit = ctx.config.rateLimitPerMinute;
    if (limit > 0) {
      const window = Math.floor(now / 60_000);
      const count = await updateStored(ctx.storage, STORED.tokenRate(hash, window), (n) => ({
        value: (n ?? 0) + 1,
        expiresAt: (window + 2) * 60_000,
        result: (n ?? 0) + 1,
      }));
      if (count > limit)
        return c.json(
          {
            jsonrpc: '2.0',
            error: { code: -32000, message: `Rate limit: ${limit} requests a minute per token.` },
            id: null,
          },
          429,
          { 'Retry-After': String((window + 1) * 60 - Math.floor(now / 1000)) },
        );
    }
    c.set('authorized', { grant, access });
    await next();
    return undefined;
  };
}
