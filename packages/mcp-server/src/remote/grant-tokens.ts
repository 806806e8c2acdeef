import { OAuthError, type TokenManager } from '@acctkit/client';
import { isVaultError } from '@acctkit/token-vault';
import type { RevokedReason } from './grant-records.js';
import type { RemoteContext } from './remote-context.js';
import { RemoteError } from './remote-error.js';
import { revokeGrant } from './revoke-grant.js';

/** OAuth errors of a refresh that mean the grant is gone at the service (revoked, expired), not a passing fault. */
const GONE = new Set(['invalid_grant', 'unauthorized_client', 'invalid_client']);

/** A grant's upstream access ended: the MCP client must authorize again. */
function reauthorizeError(reason: RevokedReason, cause: unknown): RemoteError {
  return new RemoteError(
    'REAUTHORIZE',
    reason === 'unreadable'
      ? "This connection's stored sign-in can no longer be opened (its encryption key was removed); sign in again."
      : 'The accounting service no longer accepts this connection (revoked or expired); sign in again.',
    { cause },
  );
}

/** Why a grant's upstream access ended, or `undefined` for a passing fault (the call fails, the grant lives). */
function endedReason(cause: unknown): RevokedReason | undefined {
  if (cause instanceof OAuthError && GONE.has(cause.error)) return 'upstream';
  if (isVaultError(cause) && cause.code === 'NOT_FOUND') return 'upstream';
  // No retry opens them: the key left the ring, or the stored value was altered or moved.
  if (isVaultError(cause) && cause.code === 'DECRYPT') return 'unreadable';
  return undefined;
}

/**
 * The token manager of one grant, for `createClient`: the vault's token manager of the grant's
 * upstream tokens (sealed at rest, refreshed once across instances under the vault's lease), with a
 * refusal of the service, or sealed tokens the key ring cannot open, turned into a revoked grant, so
 * the answer is 401 `invalid_token` and the MCP client signs in again.
 */
export function grantTokenManager(ctx: RemoteContext, grantId: string): TokenManager {
  // One manager per grant in this instance, shared by every request of the grant, so concurrent
  // requests share one refresh before the vault's lease serializes instances.
  const inner = ctx.vault.sharedTokenManager(grantId);
  async function ended(cause: unknown): Promise<never> {
    const reason = endedReason(cause);
    if (!reason) throw cause;
    // Revoking deletes the grant's tokens from the vault, which drops its shared manager too.
    await revokeGrant(ctx, grantId, reason);
    throw reauthorizeError(reason, cause);
  }
  return {
    credentials: () => inner.credentials().catch(ended),
    // The vault seals the rotated set with the current key: a key rotation moves as grants are used.
    refresh: (options) => inner.refresh(options).catch(ended),
    exchangeCode: () =>
      Promise.reject(
        new RemoteError('UPSTREAM', 'A grant exchanges its code once, at the authorization callback.'),
      ),
    tokens: () => inner.tokens(),
    setTokens: (tokens) => inner.setTokens(tokens),
  };
}
