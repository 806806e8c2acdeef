import { VaultError } from './vault-error.js';

/**
 * The one storage interface of acctkit's hosted services: JSON values under string keys, each with a
 * version, written by compare-and-set, each with an optional expiry after which it is gone. Everything
 * a hosted service needs atomically (a code or ticket used once, a refresh token rotated once, one
 * upstream refresh per connection) is a compare-and-set on one key, which SQLite (Node), a Durable
 * Object per key (Workers) and a `Map` (one process) all give without locks held across requests.
 */
export interface VaultStorage {
  /** The value, its version and its expiry, or `undefined` when absent or expired. */
  get<T>(key: string): Promise<Versioned<T> | undefined>;
  /**
   * Writes `value` when the key's version is `expected` (0: the key is absent or expired).
   * @returns Whether it was written; on success the version is `expected + 1`.
   */
  set(key: string, value: unknown, options: SetOptions): Promise<boolean>;
  /** Removes a key (nothing happens when it is absent). */
  delete(key: string): Promise<void>;
}

/** A stored value with its version and expiry. */
export interface Versioned<T> {
  readonly value: T;
  readonly version: number;
  /** When the value expires, in epoch ms; `undefined`: never. */
  readonly expiresAt?: number | undefined;
}

/** Options of {@link VaultStorage.set}. */
export interface SetOptions {
  /** The version the key must have (0: absent). */
  readonly expected: number;
  /** When the value expires, in epoch ms (default: never). */
  readonly expiresAt?: number | undefined;
}

/** What a change of {@link updateKey} decides. */
export interface KeyChange<T, R> {
  /** The new value; `undefined` leaves the key as it is. */
  readonly value?: T | undefined;
  /** The new expiry in epoch ms; `undefined` keeps the current one, `null` removes it. */
  readonly expiresAt?: number | null | undefined;
  /** What `updateKey` resolves to. */
  readonly result: R;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads, changes and writes one key until no other writer got in between. The expiry is kept unless
 * the change sets one, so an update never makes a value immortal by accident. The change decides
 * whether an absent key is created: one that returns no value for `undefined` only ever updates, so a
 * writer that lost a race with a delete cannot bring the key back.
 *
 * @param storage - The storage.
 * @param key - The key.
 * @param change - Gets the current value (or `undefined`) and returns (or resolves to) the new one and a result.
 * @returns The result of the change that was written (or that left the key alone).
 * @throws VaultError `CONTENDED` after 100 collisions in a row.
 * @example
 * ```ts
 * import { createMemoryStorage, updateKey } from '@acctkit/token-vault';
 * const storage = createMemoryStorage();
 * const count = await updateKey<number, number>(storage, 'hits', (n = 0) => ({ value: n + 1, result: n + 1 }));
 * ```
 */
export async function updateKey<T, R>(
  storage: VaultStorage,
  key: string,
  change: (current: T | undefined) => KeyChange<T, R> | Promise<KeyChange<T, R>>,
): Promise<R> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await storage.get<T>(key);
    const next = await change(current?.value);
    if (next.value === undefined) return next.result;
    const expiresAt = next.expiresAt === null ? undefined : (next.expiresAt ?? current?.expiresAt);
    if (await storage.set(key, next.value, { expected: current?.version ?? 0, expiresAt }))
      return next.result;
    // Random backoff, growing: writers that collided spread out instead of colliding again.
    await pause(Math.random() * 2 ** Math.min(attempt, 6));
  }
  throw new VaultError('CONTENDED', `Too many concurrent writes to one key (${key.split(':')[0]}…).`);
}

/**
 * Writes a value whatever is stored (last writer wins), with a new expiry (default: never). It creates
 * the key when absent, so it is for values that have one writer (a new ticket, a counter's first
 * value); a value others may delete or replace meanwhile takes {@link updateKey} with a change that
 * checks what it read.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, putKey } from '@acctkit/token-vault';
 * await putKey(createMemoryStorage(), 'ticket:abc', { used: false }, Date.now() + 60_000);
 * ```
 */
export async function putKey(
  storage: VaultStorage,
  key: string,
  value: unknown,
  expiresAt?: number,
): Promise<void> {
  await updateKey(storage, key, () => ({ value, expiresAt: expiresAt ?? null, result: undefined }));
}

/**
 * Takes a single-use value: the first caller whose compare-and-set removes it gets it, every later
 * caller (or a concurrent loser) gets `undefined`.
 *
 * @example
 * ```ts
 * import { createMemoryStorage, putKey, takeKey } from '@acctkit/token-vault';
 * const storage = createMemoryStorage();
 * await putKey(storage, 'ticket:abc', { connection: 'acme' });
 * await takeKey(storage, 'ticket:abc'); // { connection: 'acme' }
 * await takeKey(storage, 'ticket:abc'); // undefined
 * ```
 */
export async function takeKey<T>(storage: VaultStorage, key: string): Promise<T | undefined> {
  const current = await storage.get<T>(key);
  if (!current) return undefined;
  // A tombstone that expires at once: the version moves on, so a concurrent taker's write fails.
  if (!(await storage.set(key, null, { expected: current.version, expiresAt: 1 }))) return undefined;
  await storage.delete(key);
  return current.value;
}

/** Options of {@link withKeyLock}. */
export interface KeyLockOptions {
  /** How long the lock holds if its holder dies, in ms (default 60 000); the key expires then. */
  readonly leaseMs?: number | undefined;
  /** Give up after waiting about this long for another holder, in ms (default `leaseMs` + 5 000). */
  readonly waitMs?: number | undefined;
}

/**
 * Runs `fn` holding a lock on `key`: one holder at a time across every instance that shares the
 * storage. The lock is a compare-and-set lease that expires on its own, so a holder that dies frees it
 * after `leaseMs`; it is released (only by its holder) when `fn` settles.
 *
 * @param storage - The storage the instances share.
 * @param key - The lock's key (`lock:…`), separate from the data it guards.
 * @param fn - What to run while holding it.
 * @returns What `fn` resolves to.
 * @throws VaultError `LEASE_TIMEOUT` when another holder keeps it past `waitMs`; or the error of `fn`.
 * @example
 * ```ts
 * import { createMemoryStorage, withKeyLock } from '@acctkit/token-vault';
 * const storage = createMemoryStorage();
 * await withKeyLock(storage, 'lock:creates:de:1', async () => 'one at a time');
 * ```
 */
export async function withKeyLock<T>(
  storage: VaultStorage,
  key: string,
  fn: () => Promise<T>,
  options: KeyLockOptions = {},
): Promise<T> {
  const leaseMs = options.leaseMs ?? 60_000;
  const deadline = Date.now() + (options.waitMs ?? leaseMs + 5_000);
  const owner = crypto.randomUUID();
  for (let wait = 10; ; wait = Math.min(wait * 2, 100)) {
    // Absent or expired reads as undefined, and version 0 takes it; a live lease is waited out.
    if (
      !(await storage.get(key)) &&
      (await storage.set(key, { owner }, { expected: 0, expiresAt: Date.now() + leaseMs }))
    )
      break;
    if (Date.now() > deadline)
      throw new VaultError('LEASE_TIMEOUT', `Timed out waiting for the lock ${key.slice(0, 60)}.`);
    await pause(wait);
  }
  try {
    return await fn();
  } finally {
    // Released by compare-and-set, so a lease that expired and was taken by another is left alone; the
    // tombstone is already expired, which storage reads as absent and sweeps.
    const held = await storage.get<{ owner: string }>(key);
    if (held?.value.owner === owner) await storage.set(key, null, { expected: held.version, expiresAt: 1 });
  }
}
