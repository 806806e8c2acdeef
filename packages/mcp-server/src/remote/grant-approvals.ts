import type { VaultStorage } from '@acctkit/token-vault';
import { STORED_PREFIX } from './stored-keys.js';

/**
 * The approvals storage of one grant: the remote server's storage with every key under
 * `grant-approvals:<grant id>:`. A pending approval is stored under the grant whose call asked for it,
 * so `approve_change` from another grant (of the same OAuth client or another) looks under its own
 * prefix, finds nothing, and leaves the approval pending for its owner instead of consuming it.
 */
export function grantApprovals(storage: VaultStorage, grantId: string): VaultStorage {
  const prefix = STORED_PREFIX.grantApprovals(grantId);
  return {
    get: (key) => storage.get(prefix + key),
    set: (key, value, options) => storage.set(prefix + key, value, options),
    delete: (key) => storage.delete(prefix + key),
  };
}
