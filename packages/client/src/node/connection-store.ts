import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { lockedRefreshFetch } from '../locked-refresh-fetch.js';
import { createTokenManager, type TokenManager } from '../token-manager.js';
import type { TokenSet, TokenStore } from '../token-store.js';
import { ConnectionStoreError } from './connection-store-error.js';
import {
  checkConnectionName,
  defaultConnectionsFile,
  readConnections,
  type StoredConnection,
  writeConnections,
} from './connection-store-file.js';
import { withFileLock } from './file-lock.js';

/** Options of {@link openConnectionStore}. */
export interface ConnectionStoreOptions {
  /** The file (default {@link defaultConnectionsFile}: `$ACCTKIT_CONNECTIONS_FILE` or the XDG config folder). */
  readonly file?: string | undefined;
}

/** Options of {@link ConnectionStore.tokenManager}: the app's secrets, which the store never keeps. */
export interface ConnectionTokenManagerOptions {
  /** The registered `client_secret` (for refreshes). */
  readonly clientSecret: string;
  /** The registered `signing_secret`. */
  readonly signingSecret: string;
  /** The fetch to send token requests with (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Refresh this long before the access token expires, in ms (default 60 000). */
  readonly refreshMarginMs?: number | undefined;
  /** The clock, in epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
}

/**
 * The connections of one file, shared by every process that opens it (the `acctkit` CLI, the MCP
 * server, your scripts). Every change is a locked read-modify-write with an atomic replace; refreshes
 * of one connection are serialised across processes, because the service rotates refresh tokens and a
 * second refresh with the same token would be refused.
 */
export interface ConnectionStore {
  /** The absolute path of the file. */
  readonly file: string;
  /** Every connection, in the order they were first stored. */
  list(): Promise<StoredConnection[]>;
  /** The connection of that name, or `undefined`. */
  get(name: string): Promise<StoredConnection | undefined>;
  /** Adds a connection, or replaces the one of the same name. */
  put(connection: StoredConnection): Promise<void>;
  /** Removes a connection; `false` when there was none of that name. */
  remove(name: string): Promise<boolean>;
  /** Renames a connection; fails with `not_found` or `exists`. */
  rename(from: string, to: string): Promise<void>;
  /**
   * The tokens of one connection as a client `TokenStore`: `get` reads them from the file, `set`
   * writes them into it. Give it to `createTokenManager` to persist rotated tokens; to also serialise
   * refreshes across processes use {@link ConnectionStore.tokenManager}, which wires both.
   */
  tokenStore(name: string): TokenStore;
  /**
   * Runs `fn` holding the connection's cross-process refresh lock. Inside it, read the stored tokens
   * again before refreshing: another process may have refreshed them while you waited. Not
   * re-entrant: calling it for the same name inside `fn` waits for ever.
   */
  withRefreshLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * A token manager for a stored connection whose refreshes run under {@link withRefreshLock}: the
   * refresh grant re-reads the stored tokens under the lock, and when another process has already
   * rotated them it adopts those instead of spending a refresh token that is no longer valid; a new
   * token set is written to the file before the lock is released.
   *
   * @throws ConnectionStoreError `not_found` when there is no connection of that name.
   */
  tokenManager(name: string, options: ConnectionTokenManagerOptions): Promise<TokenManager>;
}

/**
 * Opens the connection file (it is read on each call, never cached, so other processes' changes are
 * seen). A missing file is an empty store; a damaged or unreadable one fails every call with a
 * {@link ConnectionStoreError} naming the file, and is never overwritten.
 *
 * @param options - `file`, default `$ACCTKIT_CONNECTIONS_FILE` or `$XDG_CONFIG_HOME/acctkit/connections.json`.
 * @returns The store.
 * @example
 * ```ts
 * import { createClient } from '@acctkit/client';
 * import { openConnectionStore } from '@acctkit/client/node';
 * declare const clientSecret: string, signingSecret: string;
 * const store = openConnectionStore();
 * const connection = await store.get('sandbox-de-1');
 * if (connection) {
 *   const tokens = await store.tokenManager(connection.name, { clientSecret, signingSecret });
 *   const api = createClient({ variant: connection.variant, baseUrl: connection.baseUrl, tokens, userAgent: 'my-script/1.0' });
 * }
 * ```
 */
export function openConnectionStore(options: ConnectionStoreOptions = {}): ConnectionStore {
  const file = resolve(options.file ?? defaultConnectionsFile());
  // Refresh tokens this store already wrote under the refresh lock; the token manager's own write of
  // the same set afterwards is skipped, so it can never land on top of a newer set from elsewhere.
  const persisted = new Set<string>();

  async function locked<T>(fn: () => Promise<T>): Promise<T> {
    await ensureFolder();
    try {
      return await withFileLock(`${file}.lock`, fn, { waitMs: 10_000 });
    } catch (err) {
      throw lockError(err, 'the connection file');
    }
  }

  async function ensureFolder(): Promise<void> {
    try {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    } catch (cause) {
      throw new ConnectionStoreError('unwritable', file, `Cannot create the folder of ${file}.`, { cause });
    }
  }

  function lockError(err: unknown, what: string): unknown {
    if ((err as { code?: string }).code !== 'ELOCKED') return err;
    return new ConnectionStoreError(
      'locked',
      file,
      `Another process holds the lock on ${what} (${file}); try again, or remove a stale lock folder next to it.`,
      { cause: err },
    );
  }

  function notFound(name: string): ConnectionStoreError {
    return new ConnectionStoreError(
      'not_found',
      file,
      `There is no connection named '${name}' in ${file}; \`acctkit connections list\` shows them.`,
    );
  }

  async function setTokens(name: string, tokens: TokenSet): Promise<void> {
    await locked(async () => {
      const all = await readConnections(file);
      const i = all.findIndex((c) => c.name === name);
      const current = all[i];
      if (!current) throw notFound(name);
      all[i] = { ...current, tokens: withCountry(tokens, current.country) };
      await writeConnections(file, all);
    });
  }

  const store: ConnectionStore = {
    file,
    list: () => readConnections(file),
    get: async (name) => (await readConnections(file)).find((c) => c.name === name),
    put: async (connection) => {
      checkConnectionName(file, connection.name);
      return locked(async () => {
        const all = await readConnections(file);
        const i = all.findIndex((c) => c.name === connection.name);
        if (i === -1) all.push(connection);
        else all[i] = connection;
        await writeConnections(file, all);
      });
    },
    remove: (name) =>
      locked(async () => {
        const all = await readConnections(file);
        const rest = all.filter((c) => c.name !== name);
        if (rest.length === all.length) return false;
        await writeConnections(file, rest);
        return true;
      }),
    rename: async (from, to) => {
      checkConnectionName(file, to);
      return locked(async () => {
        const all = await readConnections(file);
        const i = all.findIndex((c) => c.name === from);
        const current = all[i];
        if (!current) throw notFound(from);
        if (from === to) return;
        if (all.some((c) => c.name === to))
          throw new ConnectionStoreError(
            'exists',
            file,
            `A connection named '${to}' already exists in ${file}; remove it first or pick another name.`,
          );
        all[i] = { ...current, name: to };
        await writeConnections(file, all);
      });
    },
    tokenStore: (name) => ({
      get: async () => {
        const connection = await store.get(name);
        return connection && withCountry(connection.tokens, connection.country);
      },
      set: async (tokens) => {
        if (persisted.delete(tokens.refreshToken)) return;
        await setTokens(name, tokens);
      },
    }),
    withRefreshLock: async (name, fn) => {
      await ensureFolder();
      // One lock per connection name, next to the file; hashed so that any name makes a safe file name.
      const id = createHash('sha256').update(name).digest('hex').slice(0, 16);
      try {
        return await withFileLock(`${file}.refresh-${id}.lock`, fn, { waitMs: 60_000 });
      } catch (err) {
        throw lockError(err, `connection '${name}'`);
      }
    },
    tokenManager: async (name, opts) => {
      const connection = await store.get(name);
      if (!connection) throw notFound(name);
      const now = opts.now ?? Date.now;
      return createTokenManager({
        baseUrl: connection.baseUrl,
        clientId: connection.clientId,
        clientSecret: opts.clientSecret,
        signingSecret: opts.signingSecret,
        store: store.tokenStore(name),
        refreshMarginMs: opts.refreshMarginMs,
        now,
        fetch: lockedRefreshFetch({
          fetch: opts.fetch,
          now,
          marginMs: opts.refreshMarginMs ?? 60_000,
          withLock: (fn) => store.withRefreshLock(name, fn),
          read: async () => (await store.get(name))?.tokens,
          write: async (tokens) => {
            await setTokens(name, tokens);
            persisted.add(tokens.refreshToken);
          },
          adopt: (tokens) => {
            persisted.add(tokens.refreshToken);
          },
        }),
      });
    },
  };
  return store;
}

/**
 * The tokens with the connection's country, so that a client of the other variant refuses them; a
 * token set that already names a country keeps it.
 */
function withCountry(tokens: TokenSet, country: string): TokenSet {
  return (tokens as { country?: string }).country === undefined
    ? Object.assign({}, tokens, { country })
    : tokens;
}
