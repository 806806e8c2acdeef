import type { TokenSet } from '@acctkit/client';
import {
  base64url,
  takeKey,
  updateKey,
  type Vault,
  type VaultStorage,
  withKeyLock,
} from '@acctkit/token-vault';
import { ProxyError } from './proxy-error.js';
import { hashKey } from './proxy-keys.js';

/** `de` (Variant A) or `pt` (Variant B): which data routes a connection may use. */
export type ProxyVariant = 'de' | 'pt';

/** A connected business: its name in the proxy and its variant. Its tokens are in the vault. */
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

/** A connect link waiting for its business owner. */
export interface TicketRecord {
  readonly connection: string;
  /** The admin asked to replace the connection if it exists (possibly with another business). */
  readonly replace: boolean;
  readonly expiresAt: number;
}

/** How long a revoked key stays listed before it is deleted. */
export const REVOKED_KEY_RETENTION_MS: number = 30 * 86_400_000;
/** Live keys one connection may have. */
export const MAX_KEYS_PER_CONNECTION: number = 100;
/** Connections one proxy may hold. */
export const MAX_CONNECTIONS: number = 10_000;

/**
 * The proxy's records over the vault's storage: connections (with an index to list them), keys by
 * hash (with an index per connection), single-use connect tickets by hash, and each connection's
 * tokens sealed in the vault. Every value is one key of a {@link VaultStorage}, so the same code runs
 * on memory, SQLite and Durable Objects.
 */
export interface ProxyStore {
  getConnection(id: string): Promise<ConnectionRecord | undefined>;
  /**
   * A connection's record and its storage version (0: absent), read before a slow step (a code
   * exchange) whose {@link ProxyStore.saveConnection} must not overwrite a writer that came in between.
   */
  readConnection(id: string): Promise<{ readonly record?: ConnectionRecord; readonly version: number }>;
  listConnections(): Promise<ConnectionRecord[]>;
  /**
   * Stores a connection and its tokens as one step under the connection's lock. With `expected` (a
   * version from `readConnection`; 0: create only) it stores only while the connection still has
   * that version, and otherwise stores nothing and resolves to `false`; without, it creates or replaces.
   */
  saveConnection(record: ConnectionRecord, tokens: TokenSet, expected?: number): Promise<boolean>;
  /** Removes a connection, its tokens and its keys; resolves to whether it existed. */
  deleteConnection(id: string): Promise<boolean>;
  /** The key whose SHA-256 is `hash`, revoked or not. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  saveKey(record: KeyRecord): Promise<void>;
  listKeys(connection?: string): Promise<KeyRecord[]>;
  /** Marks a key revoked (it is deleted 30 days later); resolves to whether it existed. */
  revokeKey(id: string, at: number): Promise<boolean>;
  /** Stores a new single-use connect ticket; resolves to the ticket (shown once, stored hashed). */
  issueTicket(record: TicketRecord): Promise<string>;
  /** The ticket's record while it is unused and unexpired, without using it. */
  peekTicket(ticket: string): Promise<TicketRecord | undefined>;
  /** Uses the ticket up: the first caller gets its record, every later one `undefined`. */
  takeTicket(ticket: string): Promise<TicketRecord | undefined>;
}

const P = 'proxy:';
const addTo = (list: readonly string[] | undefined, item: string): string[] =>
  list?.includes(item) ? [...list] : [...(list ?? []), item];

/**
 * Builds the proxy's store over a vault's storage and the vault holding the tokens.
 *
 * @param storage - The storage the vault uses too.
 * @param vault - The vault of the connections' tokens.
 * @param now - The clock, epoch ms.
 */
export function createProxyStore(storage: VaultStorage, vault: Vault, now: () => number): ProxyStore {
  const connectionKey = (id: string) => `${P}conn:${id}`;
  const keysOf = async (connection: string): Promise<KeyRecord[]> => {
    const hashes = (await storage.get<string[]>(`${P}keys:${connection}`))?.value ?? [];
    const found = await Promise.all(hashes.map((h) => storage.get<KeyRecord>(`${P}key:${h}`)));
    return found.flatMap((k) => (k ? [k.value] : []));
  };
  const ticketKey = async (ticket: string) => `${P}ticket:${await hashKey(ticket)}`;
  /**
   * A connection's record and its tokens are two keys: every write of them holds this lock, so a save
   * and a delete (or two saves) never interleave into a record with another writer's tokens.
   */
  const withConnectionLock = <T>(id: string, fn: () => Promise<T>): Promise<T> =>
    withKeyLock(storage, `lock:${connectionKey(id)}`, fn, { leaseMs: 15_000 });
  const listConnections = async (): Promise<ConnectionRecord[]> => {
    const ids = (await storage.get<string[]>(`${P}connections`))?.value ?? [];
    const found = await Promise.all(ids.map((id) => storage.get<ConnectionRecord>(connectionKey(id))));
    return found.flatMap((c) => (c ? [c.value] : [])).sort((a, b) => a.id.localeCompare(b.id));
  };

  return {
    getConnection: async (id) => (await storage.get<ConnectionRecord>(connectionKey(id)))?.value,
    async readConnection(id) {
      const found = await storage.get<ConnectionRecord>(connectionKey(id));
      return found ? { record: found.value, version: found.version } : { version: 0 };
    },
    listConnections,
    saveConnection: (record, tokens, expected) =>
      withConnectionLock(record.id, async () => {
        const version = (await storage.get(connectionKey(record.id)))?.version ?? 0;
        if (expected !== undefined && version !== expected) return false;
        await updateKey<string[], void>(storage, `${P}connections`, (ids) => {
          if (!ids?.includes(record.id) && (ids?.length ?? 0) >= MAX_CONNECTIONS)
            throw new ProxyError(
              'conflict',
              `This proxy holds ${MAX_CONNECTIONS} connections; remove one first.`,
            );
          return { value: addTo(ids, record.id), result: undefined };
        });
        await vault.save(record.id, tokens);
        // Still a compare-and-set: the lock is a lease, and one that lapsed must not let two writes through.
        if (!(await storage.set(connectionKey(record.id), record, { expected: version })))
          throw new ProxyError(
            'conflict',
            `Connection ${record.id} was changed by another writer meanwhile; try again.`,
          );
        return true;
      }),
    deleteConnection: (id) =>
      withConnectionLock(id, async () => {
        const existed = (await storage.get(connectionKey(id))) !== undefined;
        for (const key of await keysOf(id)) {
          await storage.delete(`${P}key:${key.hash}`);
          await storage.delete(`${P}keyid:${key.id}`);
        }
        await storage.delete(`${P}keys:${id}`);
        await vault.delete(id);
        await storage.delete(connectionKey(id));
        await updateKey<string[], void>(storage, `${P}connections`, (ids) =>
          ids?.includes(id)
            ? { value: ids.filter((x) => x !== id), result: undefined }
            : { result: undefined },
        );
        return existed;
      }),
    findKey: async (hash) => (await storage.get<KeyRecord>(`${P}key:${hash}`))?.value,
    async saveKey(record) {
      const live = (await keysOf(record.connection)).filter((k) => k.revokedAt === undefined);
      if (live.length >= MAX_KEYS_PER_CONNECTION)
        throw new ProxyError(
          'conflict',
          `Connection ${record.connection} has ${MAX_KEYS_PER_CONNECTION} live keys; revoke one first.`,
        );
      await storage.set(`${P}key:${record.hash}`, record, { expected: 0 });
      await storage.set(`${P}keyid:${record.id}`, record.hash, { expected: 0 });
      await updateKey<string[], void>(storage, `${P}keys:${record.connection}`, (hashes) => ({
        // Hashes of keys deleted after their retention leave the index here.
        value: addTo(hashes, record.hash),
        result: undefined,
      }));
    },
    async listKeys(connection) {
      const connections =
        connection === undefined ? (await listConnections()).map((c) => c.id) : [connection];
      const all = (await Promise.all(connections.map(keysOf))).flat();
      return all.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    },
    async revokeKey(id, at) {
      const hash = (await storage.get<string>(`${P}keyid:${id}`))?.value;
      if (hash === undefined) return false;
      const until = at + REVOKED_KEY_RETENTION_MS;
      const revoked = await updateKey<KeyRecord, boolean>(storage, `${P}key:${hash}`, (key) =>
        key
          ? {
              value: { ...key, revokedAt: key.revokedAt ?? at },
              expiresAt: key.revokedAt === undefined ? until : undefined,
              result: true,
            }
          : { result: false },
      );
      if (revoked)
        await updateKey<string, void>(storage, `${P}keyid:${id}`, (h) => ({
          value: h,
          expiresAt: until,
          result: undefined,
        }));
      return revoked;
    },
    async issueTicket(record) {
      const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)));
      await storage.set(await ticketKey(ticket), record, { expected: 0, expiresAt: record.expiresAt });
      return ticket;
    },
    async peekTicket(ticket) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
      const found = (await storage.get<TicketRecord>(await ticketKey(ticket)))?.value;
      return found && found.expiresAt > now() ? found : undefined;
    },
    async takeTicket(ticket) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
      const found = await takeKey<TicketRecord>(storage, await ticketKey(ticket));
      return found && found.expiresAt > now() ? found : undefined;
    },
  };
}
