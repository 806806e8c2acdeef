import type { RevokedReason } from './grant-records.js';
import type { RemoteContext } from './remote-context.js';
import { STORED, updateStored } from './stored-keys.js';

/** How long a revoked grant's record stays, so its tokens get a precise answer; then it is deleted. */
const REVOKED_GRANT_RETENTION_MS = 86_400_000;

/**
 * Revokes a grant: every access and refresh token of it stops working at once, its upstream tokens
 * are deleted from the vault, and the record itself is deleted a day later.
 */
export async function revokeGrant(ctx: RemoteContext, grantId: string, reason: RevokedReason): Promise<void> {
  const until = ctx.config.now() + REVOKED_GRANT_RETENTION_MS;
  await updateStored(ctx.storage, STORED.grant(grantId), (g) =>
    g && !g.revoked
      ? { value: { ...g, revoked: reason }, expiresAt: until, result: undefined }
      : { result: undefined },
  );
  await ctx.vault.delete(grantId);
}

/** Moves a live grant's end (and its upstream tokens') to `expiresAt`: each refresh of its tokens extends it. */
export async function extendGrant(ctx: RemoteContext, grantId: string, expiresAt: number): Promise<void> {
  const live = await updateStored(ctx.storage, STORED.grant(grantId), (g) =>
    g && !g.revoked ? { value: g, expiresAt, result: true } : { result: false },
  );
  if (live) await ctx.vault.expire(grantId, expiresAt);
}
