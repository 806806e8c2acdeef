/**
 * The one storage interface of the remote server: JSON values under string keys, each with a version,
 * written by compare-and-set. Everything the protocol needs atomically (a code used once, a refresh
 * token rotated once, one upstream refresh per grant) is a compare-and-set on one key, which SQLite
 * (Node) and a Durable Object per key (Workers) both give without locks held across requests.
 */
export interface RemoteStorage {
  /** The value and its version, or `undefined` when absent or expired. */
  get<T>(key: string): Promise<Versioned<T> | undefined>;
  /**
   * Writes `value` when the key's version is `expected` (0: the key is absent or expired).
   * @returns Whether it was written; on success the version is `expected + 1`.
   */
  set(key: string, value: unknown, options: SetOptions): Promise<boolean>;
  /** Removes a key. */
  delete(key: string): Promise<void>;
}

/** A stored value with its version. */
export interface Versioned<T> {
  readonly value: T;
  readonly version: number;
}

/** Options of {@link RemoteStorage.set}. */
export interface SetOptions {
  /** The version the key must have (0: absent). */
  readonly expected: number;
  /** When the value expires, in epoch ms (default: never). */
  readonly expiresAt?: number | undefined;
}

/**
 * Reads, changes and writes one key until no other writer got in between.
 *
 * @param change - Returns the new value (`undefined`: leave it) and a result for the caller.
 */
export async function updateKey<T, R>(
  storage: RemoteStorage,
  key: string,
  change: (current: T | undefined) => { value?: T | undefined; expiresAt?: number | undefined; result: R },
): Promise<R> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await storage.get<T>(key);
    const next = change(current?.value);
    if (next.value === undefined) return next.result;
    const written = await storage.set(key, next.value, {
      expected: current?.version ?? 0,
      expiresAt: next.expiresAt,
    });
    if (written) return next.result;
    // Random backoff, growing: writers that collided spread out instead of colliding again.
    await new Promise((r) => setTimeout(r, Math.random() * 2 ** Math.min(attempt, 6)));
  }
  throw new Error(`Too many concurrent writes to one key (${key.split(':')[0]}).`);
}

/** Writes a value unconditionally (last writer wins). */
export async function putKey(
  storage: RemoteStorage,
  key: string,
  value: unknown,
  expiresAt?: number,
): Promise<void> {
  await updateKey(storage, key, () => ({ value, expiresAt, result: undefined }));
}
