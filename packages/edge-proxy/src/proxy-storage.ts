import type { TokenSet } from '@acctkit/client';

/** `de` (Variant A) or `pt` (Variant B): which data routes a connection may use. */
export type ProxyVariant = 'de' | 'pt';

/** A connected business: its name in the proxy and its variant. Its tokens are kept apart. */
export interface ConnectionRecord {
  /** The name keys refer to (`de`, `acme-gmbh`, …): 1–64 of `a-z 0-9 _ -`. */
  readonly id: string;
  readonly variant: ProxyVariant;
  /** When it was (last) connected, in epoch ms. */
  readonly connectedAt: number;
}

/** `read` keys may only GET; `write` keys may use every data operation. */
export type KeyScope = 'read' | 'write';

/** A proxy key as stored: its SHA-256, never the key itself. */
export interface KeyRecord {
  /** Public id (`key_…`), safe to log and list. */
  readonly id: string;
  /** Hex SHA-256 of the key. */
  readonly hash: string;
  readonly connection: string;
  readonly scope: KeyScope;
  readonly createdAt: number;
  /** When it was revoked, in epoch ms; a revoked key is refused with 401. */
  readonly revokedAt?: number | undefined;
}

/**
 * Where the proxy keeps connections, their tokens and keys. One small interface with three
 * implementations: memory (tests, one process), SQLite (`@acctkit/edge-proxy/node`) and Durable
 * Objects (`@acctkit/edge-proxy/workers`). `setTokens` must be durable when it resolves: a refresh
 * rotates the refresh token, and the token broker writes the new set before using it.
 */
export interface ProxyStorage {
  getConnection(id: string): Promise<ConnectionRecord | undefined>;
  listConnections(): Promise<ConnectionRecord[]>;
  /** Creates or replaces a connection and its tokens. */
  saveConnection(record: ConnectionRecord, tokens: TokenSet): Promise<void>;
  /** Removes a connection, its tokens and its keys; resolves to whether it existed. */
  deleteConnection(id: string): Promise<boolean>;
  getTokens(connection: string): Promise<TokenSet | undefined>;
  setTokens(connection: string, tokens: TokenSet): Promise<void>;
  /** The key whose SHA-256 is `hash`, revoked or not. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  saveKey(record: KeyRecord): Promise<void>;
  listKeys(connection?: string): Promise<KeyRecord[]>;
  /** Marks a key revoked; resolves to whether it existed. */
  revokeKey(id: string, at: number): Promise<boolean>;
}

/**
 * Storage in memory: for tests and single-process use; everything is lost when the process ends.
 *
 * @returns A fresh, empty storage.
 * @example
 * ```ts
 * import { createMemoryStorage, createProxy } from '@acctkit/edge-proxy';
 * const app = createProxy({ upstream, storage: createMemoryStorage(), adminToken });
 * ```
 */
export function createMemoryStorage(): ProxyStorage {
  const connections = new Map<string, ConnectionRecord>();
  const tokens = new Map<string, TokenSet>();
  const keys = new Map<string, KeyRecord>();
  const byHash = new Map<string, KeyRecord>();
  return {
    getConnection: async (id) => connections.get(id),
    listConnections: async () => [...connections.values()],
    async saveConnection(record, set) {
      connections.set(record.id, record);
      tokens.set(record.id, set);
    },
    async deleteConnection(id) {
      for (const key of keys.values()) {
        if (key.connection === id) {
          keys.delete(key.id);
          byHash.delete(key.hash);
        }
      }
      tokens.delete(id);
      return connections.delete(id);
    },
    getTokens: async (connection) => tokens.get(connection),
    async setTokens(connection, set) {
      tokens.set(connection, set);
    },
    findKey: async (hash) => byHash.get(hash),
    async saveKey(record) {
      keys.set(record.id, record);
      byHash.set(record.hash, record);
    },
    listKeys: async (connection) =>
      [...keys.values()].filter((k) => connection === undefined || k.connection === connection),
    async revokeKey(id, at) {
      const key = keys.get(id);
      if (!key) return false;
      const revoked = { ...key, revokedAt: key.revokedAt ?? at };
      keys.set(id, revoked);
      byHash.set(key.hash, revoked);
      return true;
    },
  };
}
