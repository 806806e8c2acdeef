import type { TokenManager } from '@acctkit/client';

/**
 * The token managers one vault instance shares between its callers, keyed by vault key: every request
 * of a connection gets the same manager, so concurrent requests share one refresh (the client's
 * in-process single flight) before the vault's lease serializes instances. Bounded: beyond `max`, the
 * least recently used manager is dropped (its next caller builds a new one from what is stored).
 */
export interface TokenManagerCache {
  /** The manager under `key`, built by `create` when none is kept; it becomes the most recently used. */
  get(key: string, create: () => TokenManager): TokenManager;
  /** Drops the manager under `key` (its tokens were deleted, revoked or replaced). */
  evict(key: string): void;
}

/** Managers kept per vault instance by default: a few KB each, so memory stays small under many connections. */
export const DEFAULT_SHARED_MANAGERS = 1_024;

/** A least-recently-used cache of token managers holding at most `max` (at least 1). */
export function createTokenManagerCache(max: number = DEFAULT_SHARED_MANAGERS): TokenManagerCache {
  const limit = Math.max(1, Math.floor(max));
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const held = new Map<string, TokenManager>();
  return {
    get(key, create) {
      const found = held.get(key) ?? create();
      held.delete(key);
      held.set(key, found);
      for (const oldest of held.keys()) {
        if (held.size <= limit) break;
        held.delete(oldest);
      }
      return found;
    },
    evict(key) {
      held.delete(key);
    },
  };
}
