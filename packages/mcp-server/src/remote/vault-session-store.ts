import type { VaultStorage } from '@acctkit/token-vault';
import type { SessionStore } from '../http/session-store.js';
import { deleteStored, getStored, putStored, STORED } from './stored-keys.js';

/** Declarations of 2025-era sessions in the remote server's storage, shared by its instances. */
export function vaultSessionStore(storage: VaultStorage): SessionStore {
  return {
    get: (id) => getStored(storage, STORED.session(id)),
    put: (id, declaration) => putStored(storage, STORED.session(id), declaration, declaration.expiresAt),
    delete: (id) => deleteStored(storage, STORED.session(id)),
  };
}
