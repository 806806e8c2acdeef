import { lock } from 'proper-lockfile';

/** How long to wait for a lock another process holds, and when a holder counts as dead. */
export interface FileLockOptions {
  /** Give up after about this many ms (default 30 000). */
  readonly waitMs?: number | undefined;
  /** A lock not touched for this long belongs to a dead process and is taken over (default 10 000). */
  readonly staleMs?: number | undefined;
}

// Callers in this process queue here instead of polling the lock directory against each other.
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` while holding a cross-process lock at `lockPath` (a directory made with `mkdir`, which is
 * atomic on every local file system). proper-lockfile keeps the lock's mtime fresh while `fn` runs and
 * takes over a lock whose holder stopped touching it (a crashed process), so a kill never leaves a
 * connection locked for good.
 *
 * @throws Error with `code: 'ELOCKED'` when the lock stays taken longer than `waitMs`; the error of
 *   `fn`; or the compromise error when the lock was lost while `fn` ran.
 * @example
 * ```ts
 * import { withFileLock } from '@acctkit/client/node';
 * await withFileLock('/tmp/acctkit-example.lock', async () => {
 *   // read, change and write the file the lock guards
 * });
 * ```
 */
export async function withFileLock<T>(
  lockPath: string,
  fn: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const previous = queues.get(lockPath) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => hold(lockPath, fn, options));
  const tail = run.catch(() => undefined);
  queues.set(lockPath, tail);
  void tail.then(() => {
    if (queues.get(lockPath) === tail) queues.delete(lockPath);
  });
  return run;
}

async function hold<T>(lockPath: string, fn: () => Promise<T>, options: FileLockOptions): Promise<T> {
  const waitMs = options.waitMs ?? 30_000;
  const staleMs = options.staleMs ?? 10_000;
  let compromised: Error | undefined;
  const release = await lock(lockPath, {
    lockfilePath: lockPath,
    realpath: false,
    stale: staleMs,
    // Poll every 10–100 ms until about waitMs has passed.
    retries: { retries: Math.ceil(waitMs / 100) + 10, factor: 1.3, minTimeout: 10, maxTimeout: 100 },
    onCompromised: (err) => {
      compromised = err;
    },
  });
  let result: T;
  try {
    result = await fn();
  } finally {
    await release().catch(() => undefined);
  }
  if (compromised) throw compromised;
  return result;
}
