/** What went wrong in the vault, as a stable string. */
export type VaultErrorCode =
  /** The key ring is empty, or a key is not 32 bytes, or its text form is malformed. */
  | 'CONFIG'
  /** A stored value names a key that is not in the ring, or does not decrypt (tampered, moved). */
  | 'DECRYPT'
  /** No tokens are stored for the connection (also when it was deleted while its tokens were refreshed). */
  | 'NOT_FOUND'
  /** The connection's tokens were replaced while a refresh ran; the refreshed set was dropped. */
  | 'CONFLICT'
  /** Another instance held the refresh lease past the wait. */
  | 'LEASE_TIMEOUT'
  /** Too many writers collided on one key. */
  | 'CONTENDED'
  /** The storage could not be opened (file, permissions, native module). */
  | 'STORAGE';

/**
 * The error of `@acctkit/token-vault`: `code` says what went wrong, `cause` carries the underlying
 * error. Messages never contain a token or key.
 *
 * @example
 * ```ts
 * import { isVaultError, type Vault } from '@acctkit/token-vault';
 * declare const vault: Vault;
 * try { await vault.tokens('acme'); } catch (error) {
 *   if (isVaultError(error) && error.code === 'DECRYPT') console.error('Add the old key back to the ring.');
 * }
 * ```
 */
export class VaultError extends Error {
  override readonly name = 'VaultError';
  readonly code: VaultErrorCode;

  constructor(code: VaultErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Every error this package throws, for `switch (error.code)`. */
export type AnyVaultError = VaultError;

/**
 * Whether `error` is a {@link VaultError}.
 *
 * @example
 * ```ts
 * import { isVaultError } from '@acctkit/token-vault';
 * declare const error: unknown;
 * if (isVaultError(error)) console.error(error.code);
 * ```
 */
export function isVaultError(error: unknown): error is VaultError {
  return error instanceof VaultError;
}
