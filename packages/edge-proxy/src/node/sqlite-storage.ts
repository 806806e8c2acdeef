import type { TokenSet } from '@acctkit/client';
import Database from 'better-sqlite3';
import type { ConnectionRecord, KeyRecord, ProxyStorage, ProxyVariant } from '../proxy-storage.js';

interface ConnectionRow {
  id: string;
  variant: ProxyVariant;
  connected_at: number;
}
interface TokenRow {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  scope: string | null;
}
interface KeyRow {
  id: string;
  hash: string;
  connection: string;
  scope: 'read' | 'write';
  created_at: number;
  revoked_at: number | null;
}

const schema = `
CREATE TABLE IF NOT EXISTS connections (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL CHECK (variant IN ('de', 'pt')),
  connected_at INTEGER NOT NULL,
  access_token TEXT NOT NULL,
  refresh_token TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  scope TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  connection TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
`;

const connectionOf = (r: ConnectionRow): ConnectionRecord => ({
  id: r.id,
  variant: r.variant,
  connectedAt: r.connected_at,
});
const keyOf = (r: KeyRow): KeyRecord => ({
  id: r.id,
  hash: r.hash,
  connection: r.connection,
  scope: r.scope,
  createdAt: r.created_at,
  revokedAt: r.revoked_at ?? undefined,
});

/** A {@link ProxyStorage} in SQLite, with `close()` to release the file. */
export interface SqliteStorage extends ProxyStorage {
  close(): void;
}

/**
 * Storage in a SQLite file (better-sqlite3, WAL, synchronous writes): connections, tokens and
 * hashed keys survive restarts, and `setTokens` is on disk before a rotated refresh token is used.
 * The file holds refresh tokens: keep it readable by the proxy's user only.
 *
 * @param file - Path of the database, or `:memory:`.
 * @returns The storage.
 * @example
 * ```ts
 * import { createSqliteStorage } from '@acctkit/edge-proxy/node';
 * const storage = createSqliteStorage('.acctkit/proxy.sqlite');
 * ```
 */
export function createSqliteStorage(file: string): SqliteStorage {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.exec(schema);
  const q = {
    getConnection: db.prepare<[string], ConnectionRow>(
      'SELECT id, variant, connected_at FROM connections WHERE id = ?',
    ),
    listConnections: db.prepare<[], ConnectionRow>(
      'SELECT id, variant, connected_at FROM connections ORDER BY id',
    ),
    saveConnection: db.prepare(
      `INSERT INTO connections (id, variant, connected_at, access_token, refresh_token, expires_at, scope)
       VALUES (@id, @variant, @connected_at, @access_token, @refresh_token, @expires_at, @scope)
       ON CONFLICT (id) DO UPDATE SET variant = excluded.variant, connected_at = excluded.connected_at,
         access_token = excluded.access_token, refresh_token = excluded.refresh_token,
         expires_at = excluded.expires_at, scope = excluded.scope`,
    ),
    deleteConnection: db.prepare<[string]>('DELETE FROM connections WHERE id = ?'),
    getTokens: db.prepare<[string], TokenRow>(
      'SELECT access_token, refresh_token, expires_at, scope FROM connections WHERE id = ?',
    ),
    setTokens: db.prepare(
      `UPDATE connections SET access_token = @access_token, refresh_token = @refresh_token,
         expires_at = @expires_at, scope = @scope WHERE id = @id`,
    ),
    findKey: db.prepare<[string], KeyRow>('SELECT * FROM keys WHERE hash = ?'),
    saveKey: db.prepare(
      `INSERT INTO keys (id, hash, connection, scope, created_at, revoked_at)
       VALUES (@id, @hash, @connection, @scope, @created_at, @revoked_at)`,
    ),
    listKeys: db.prepare<[], KeyRow>('SELECT * FROM keys ORDER BY created_at, id'),
    listKeysOf: db.prepare<[string], KeyRow>(
      'SELECT * FROM keys WHERE connection = ? ORDER BY created_at, id',
    ),
    revokeKey: db.prepare<[number, string]>(
      'UPDATE keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?',
    ),
  };
  const tokenParams = (id: string, t: TokenSet): Record<string, unknown> => ({
    id,
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    expires_at: t.expiresAt,
    scope: t.scope ?? null,
  });
  return {
    async getConnection(id) {
      const row = q.getConnection.get(id);
      return row && connectionOf(row);
    },
    listConnections: async () => q.listConnections.all().map(connectionOf),
    async saveConnection(record, tokens) {
      q.saveConnection.run({
        ...tokenParams(record.id, tokens),
        variant: record.variant,
        connected_at: record.connectedAt,
      });
    },
    deleteConnection: async (id) => q.deleteConnection.run(id).changes > 0,
    async getTokens(connection) {
      const row = q.getTokens.get(connection);
      return (
        row && {
          accessToken: row.access_token,
          refreshToken: row.refresh_token,
          expiresAt: row.expires_at,
          scope: row.scope ?? undefined,
        }
      );
    },
    async setTokens(connection, tokens) {
      q.setTokens.run(tokenParams(connection, tokens));
    },
    async findKey(hash) {
      const row = q.findKey.get(hash);
      return row && keyOf(row);
    },
    async saveKey(record) {
      q.saveKey.run({
        id: record.id,
        hash: record.hash,
        connection: record.connection,
        scope: record.scope,
        created_at: record.createdAt,
        revoked_at: record.revokedAt ?? null,
      });
    },
    listKeys: async (connection) =>
      (connection === undefined ? q.listKeys.all() : q.listKeysOf.all(connection)).map(keyOf),
    revokeKey: async (id, at) => q.revokeKey.run(at, id).changes > 0,
    close: () => db.close(),
  };
}
