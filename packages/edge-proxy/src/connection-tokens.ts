import type { Credentials } from '@acctkit/signer';
import type { Vault } from '@acctkit/token-vault';
import { tokenFailure } from './token-failure.js';

/**
 * Signing credentials per connection from the vault: the vault's shared token manager per connection
 * in this process (its in-process single flight), the vault's lease across processes and isolates.
 */
export interface ConnectionTokens {
  /** Signing secret and a live access token of `connection`. */
  credentials(connection: string): Promise<Credentials>;
  /** Refreshes unless the tokens have already moved past `rejected` (the token the service refused). */
  refresh(connection: string, rejected: string): Promise<void>;
}

/** The connection tokens of a proxy over its vault; failures become `ProxyError`s without secrets. */
export function connectionTokens(vault: Vault): ConnectionTokens {
  // Saving or deleting a connection's tokens drops its manager in the vault: nothing here to forget.
  const manager = (connection: string) => vault.sharedTokenManager(connection);
  return {
    async credentials(connection) {
      try {
        return await manager(connection).credentials();
      } catch (cause) {
        throw tokenFailure(cause);
      }
    },
    async refresh(connection, rejected) {
      try {
        // The vault seals the rotated set with the current key: a key rotation moves as tokens do.
        await manager(connection).refresh({ rejected });
      } catch (cause) {
        throw tokenFailure(cause);
      }
    },
  };
}
