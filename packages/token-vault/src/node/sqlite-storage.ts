import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { VaultError } from '../vault-error.js';
import type { VaultStorage, Versioned } from '../vault-storage.js';

/** A {@link VaultStorage} in a SQLite file, with `sweep()` and `close()`. */
export interface SqliteStorage extends VaultStorage {
  /** Deletes every expired key now; resolves to how many were deleted. */
  sweep(): number;
  /** Stops the sweep timer and closes the database. */
  close(): void;
}

/** Options of {@link createSqliteStorage}. */
export interface SqliteStorageOptions {
  /** The clock for expiry, in epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** How often expired keys are deleted, in ms (default 60 000; 0: only on `sweep()` and every 500th write). */
  readonly sweepEveryMs?: number | undefined;
}

type DatabaseConstructor = typeof BetterSqlite3;

/** better-sqlite3, loaded when SQLite storage is asked for, with a message that says what to do when it cannot be. */
function loadSqlite(): DatabaseConstructor {
  try {
    return createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
  } catch (cause) {
    throw new VaultError(
      'STORAGE',
      'SQLite storage needs the better-sqlite3 package: npm install better-sqlite3 (it compiles a native module).',
      { cause },
    );
  }
}

function open(Database: DatabaseConstructor, file: string): BetterSqlite3.Database {
  try {
    return new Database(file);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (/NODE_MODULE_VERSION|was compiled against a different Node\.js version/.test(message))
      throw new VaultError(
        'STORAGE',
        `better-sqlite3 was built for another Node.js version than this one (${process.version}); rebuild it with: npm rebuild better-sqlite3`,
        { cause },
      );
    throw new VaultError('STORAGE', `Could not open the SQLite database ${file}: ${message}`, { cause });
  }
}

/**
 * Storage in a SQLite file (better-sqlite3, WAL, full sync): one table of versioned JSON values with
 * expiries. Several processes may share the file (busy timeout); compare-and-set keeps their writes
 * atomic. The folder is created `0700` and the file `0600` (SQLite gives its `-wal` and `-shm` files
 * the database's mode), since it holds sealed tokens and single-use secrets' hashes. Expired keys are
 * deleted every minute, at open and on every 500th write.
 *
 * @param file - The database file, or `:memory:`.
 * @param options - Clock and sweep interval.
 * @returns The storage.
 * @throws VaultError `STORAGE` when better-sqlite3 is missing or built for another Node, or the file cannot be opened.
 * @example
 * ```ts
 * import { createSqliteStorage } from '@acctkit/token-vault/node';
 * const storage = createSqliteStorage('.acctkit/proxy.sqlite');
 * ```
 */
export function createSqliteStorage(file: string, options: SqliteStorageOptions = {}): SqliteStorage {
  const now = options.now ?? Date.now;
  const Database = loadSqlite();
  if (file !== ':memory:') {
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      // Created (or narrowed) to owner-only before SQLite opens it.
      closeSync(openSync(file, 'a', 0o600));
      chmodSync(file, 0o600);
    } catch (cause) {
      throw new VaultError(
        'STORAGE',
        `Could not create the SQLite database ${file}: ${(cause as Error).message}`,
        {
          cause,
        },
      );
    }
  }
  const db = open(Database, file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS vault_kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    version INTEGER NOT NULL,
    expires_at INTEGER
  ) STRICT;
  CREATE INDEX IF NOT EXISTS vault_kv_expiry ON vault_kv (expires_at) WHERE expires_at IS NOT NULL;`);
  const select = db.prepare<[string], { value: string; version: number; expires_at: number | null }>(
    'SELECT value, version, expires_at FROM vault_kv WHERE key = ?',
  );
  const insert = db.prepare<[string, string, number | null, number]>(
    'INSERT INTO vault_kv (key, value, version, expires_at) VALUES (?, ?, 1, ?) ' +
      'ON CONFLICT(key) DO UPDATE SET value = excluded.value, version = 1, expires_at = excluded.expires_at ' +
      'WHERE vault_kv.expires_at IS NOT NULL AND vault_kv.expires_at <= ?',
  );
  const update = db.prepare<[string, number | null, string, number, number]>(
    'UPDATE vault_kv SET value = ?, version = version + 1, expires_at = ? WHERE key = ? AND version = ? ' +
      'AND (expires_at IS NULL OR expires_at > ?)',
  );
  const remove = db.prepare<[string]>('DELETE FROM vault_kv WHERE key = ?');
  const expired = db.prepare<[number]>(
    'DELETE FROM vault_kv WHERE expires_at IS NOT NULL AND expires_at <= ?',
  );
  const sweep = (): number => expired.run(now()).changes;
  sweep();
  const every = options.sweepEveryMs ?? 60_000;
  const timer = every > 0 ? setInterval(sweep, every) : undefined;
  timer?.unref();
  let writes = 0;

  return {
    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      const row = select.get(key);
      if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
      return {
        value: JSON.parse(row.value) as T,
        version: row.version,
        expiresAt: row.expires_at ?? undefined,
      };
    },
    async set(key, value, setOptions) {
      const text = JSON.stringify(value);
      const expires = setOptions.expiresAt ?? null;
      const t = now();
      if (++writes % 500 === 0) sweep();
      if (setOptions.expected === 0) return insert.run(key, text, expires, t).changes === 1;
      return update.run(text, expires, key, setOptions.expected, t).changes === 1;
    },
    async delete(key) {
      remove.run(key);
    },
    sweep,
    close() {
      if (timer) clearInterval(timer);
      db.close();
    },
  };
}
