import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { RemoteStorage, Versioned } from './remote-storage.js';

/** A {@link RemoteStorage} on SQLite (Node), closed with `close()`. */
export interface SqliteStorage extends RemoteStorage {
  close(): void;
}

/**
 * Opens SQLite storage for the remote server: one table of versioned JSON values. Several processes
 * may share the file (WAL, busy timeout); compare-and-set keeps their writes atomic.
 *
 * @param file - The database file, or `':memory:'`.
 * @param now - The clock for expiry, in epoch ms (default `Date.now`).
 */
export function createSqliteStorage(file: string, now: () => number = Date.now): SqliteStorage {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS remote_kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    version INTEGER NOT NULL,
    expires_at INTEGER
  )`);
  const select = db.prepare<[string], { value: string; version: number; expires_at: number | null }>(
    'SELECT value, version, expires_at FROM remote_kv WHERE key = ?',
  );
  const insert = db.prepare(
    'INSERT INTO remote_kv (key, value, version, expires_at) VALUES (?, ?, 1, ?) ' +
      'ON CONFLICT(key) DO UPDATE SET value = excluded.value, version = 1, expires_at = excluded.expires_at ' +
      'WHERE remote_kv.expires_at IS NOT NULL AND remote_kv.expires_at <= ?',
  );
  const update = db.prepare(
    'UPDATE remote_kv SET value = ?, version = version + 1, expires_at = ? WHERE key = ? AND version = ? ' +
      'AND (expires_at IS NULL OR expires_at > ?)',
  );
  const remove = db.prepare('DELETE FROM remote_kv WHERE key = ?');
  const sweep = db.prepare('DELETE FROM remote_kv WHERE expires_at IS NOT NULL AND expires_at <= ?');
  let writes = 0;

  return {
    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      const row = select.get(key);
      if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
      return { value: JSON.parse(row.value) as T, version: row.version };
    },
    async set(key, value, options) {
      const text = JSON.stringify(value);
      const expires = options.expiresAt ?? null;
      const t = now();
      if (++writes % 500 === 0) sweep.run(t);
      if (options.expected === 0) return insert.run(key, text, expires, t).changes === 1;
      return update.run(text, expires, key, options.expected, t).changes === 1;
    },
    async delete(key) {
      remove.run(key);
    },
    close: () => db.close(),
  };
}
