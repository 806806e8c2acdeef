import type { VaultStorage } from '@acctkit/token-vault';
import type { SessionStore } from '../http/session-store.js';
import { deleteStored, getStored, putStored, type SessionUse, STORED, updateStored } from './stored-keys.js';

/**
 * The most 2025-era sessions one grant keeps. A client that opens more (or a token used to fill the
 * storage) loses its least recently used ones: their clients get 404 and initialize again.
 */
export const MAX_SESSIONS_PER_GRANT = 50;

/**
 * Declarations of 2025-era sessions in the remote server's storage, shared by its instances, bounded
 * per grant by an index of its sessions that every put updates with compare-and-set.
 */
export function vaultSessionStore(storage: VaultStorage): SessionStore {
  return {
    get: (id) => getStored(storage, STORED.session(id)),
    async put(id, declaration) {
      // The declaration first, the index after it: a session this put evicts has been indexed, so its
      // declaration is written before it can be deleted here, and never outlives its index entry.
      await putStored(storage, STORED.session(id), declaration, declaration.expiresAt);
      const evicted = await updateStored(storage, STORED.grantSessions(declaration.owner), (index) => {
        const others = (index ?? []).filter((use) => use.id !== id).sort((a, b) => b.expiresAt - a.expiresAt);
        const value: SessionUse[] = [
          { id, expiresAt: declaration.expiresAt },
          ...others.slice(0, MAX_SESSIONS_PER_GRANT - 1),
        ];
        return {
          value,
          expiresAt: Math.max(...value.map((use) => use.expiresAt)),
          result: others.slice(MAX_SESSIONS_PER_GRANT - 1),
        };
      });
      await Promise.all(evicted.map((use) => deleteStored(storage, STORED.session(use.id))));
    },
    async delete(id) {
      const declaration = await getStored(storage, STORED.session(id));
      await deleteStored(storage, STORED.session(id));
      if (!declaration) return;
      await updateStored(storage, STORED.grantSessions(declaration.owner), (index) =>
        index ? { value: index.filter((use) => use.id !== id), result: undefined } : { result: undefined },
      );
    },
  };
}
