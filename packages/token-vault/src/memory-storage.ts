import type { VaultStorage, Versioned } from './vault-storage.js';

interface Row {
  readonly value: unknown;
  readonly version: number;
  readonly expiresAt: number | undefined;
}

/** A {@link VaultStorage} in this process's memory, with `size()` and `sweep()` for tests. */
export interface MemoryStorage extends VaultStorage {
  /** How many keys are held, expired ones not yet swept included. */
  size(): number;
  /** Deletes every expired key now; resolves to how many were deleted. */
  sweep(): number;
}

/**
 * Storage in memory: for tests and a single process; everything is lost when the process ends.
 * Expired keys are swept on every 100th write, so memory stays bounded by what is live.
 *
 * @param now - The clock for expiry, in epoch ms (default `Date.now`).
 * @returns A fresh, empty storage.
 * @example
 * ```ts
 * import { createMemoryStorage } from '@acctkit/token-vault';
 * const storage = createMemoryStorage();
 * await storage.set('a', 1, { expected: 0 });
 * ```
 */
export function createMemoryStorage(now: () => number = Date.now): MemoryStorage {
  const rows = new Map<string, Row>();
  let writes = 0;
  const live = (row: Row | undefined, t: number): row is Row =>
    row !== undefined && (row.expiresAt === undefined || row.expiresAt > t);
  const sweep = (): number => {
    const t = now();
    let deleted = 0;
    for (const [key, row] of rows)
      if (!live(row, t)) {
        rows.delete(key);
        deleted++;
      }
    return deleted;
  };
  return {
    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      const row = rows.get(key);
      if (!live(row, now())) return undefined;
      // A copy, as every other storage returns: callers cannot change what is stored by mutating it.
      return { value: structuredClone(row.value) as T, version: row.version, expiresAt: row.expiresAt };
    },
    async set(key, value, options) {
      if (++writes % 100 === 0) sweep();
      const row = rows.get(key);
      const current = live(row, now()) ? row.version : 0;
      if (current !== options.expected) return false;
      rows.set(key, { value: structuredClone(value), version: current + 1, expiresAt: options.expiresAt });
      return true;
    },
    async delete(key) {
      rows.delete(key);
    },
    size: () => rows.size,
    sweep,
  };
}
