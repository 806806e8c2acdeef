import {
  AccountingError,
  createTokenManager,
  lockedRefreshFetch,
  type TokenEndpointOptions,
  type TokenManager,
  type TokenSet,
} from '@acctkit/client';
import { createKeyRing, type EncryptionKey, type KeyRing } from './key-ring.js';
import { createTokenManagerCache, DEFAULT_SHARED_MANAGERS } from './token-manager-cache.js';
import { isVaultError, VaultError } from './vault-error.js';
import { updateKey, type VaultStorage, withKeyLock } from './vault-storage.js';

/** The app registration at the service whose tokens the vault holds and refreshes. */
export interface VaultUpstream extends Omit<TokenEndpointOptions, 'fetch'> {
  /** The registered `signing_secret`, paired with each access token to sign requests. */
  readonly signingSecret: string;
}

/** Options of {@link createVault}. */
export interface VaultOptions {
  /** Where sealed tokens live: memory, SQLite (`/node`) or Durable Objects (`/workers`). */
  readonly storage: VaultStorage;
  /** The key ring (or its keys, current first) that seals every token set at rest. */
  readonly keys: KeyRing | readonly EncryptionKey[];
  /** The service and the app registration used to refresh. */
  readonly upstream: VaultUpstream;
  /** The fetch token requests go through (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The clock for token expiry, in epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Refresh this long before an access token expires, in ms (default 60 000). */
  readonly refreshMarginMs?: number | undefined;
  /** How long a refresh lease holds when its holder dies mid-refresh, in ms (default 30 000); a waiter gives up 5 s after that. */
  readonly leaseMs?: number | undefined;
  /** Prefix of the vault's storage keys (default `vault:`), so several products can share a storage. */
  readonly prefix?: string | undefined;
  /** Connections whose {@link Vault.sharedTokenManager} this instance keeps, least recently used dropped first (default 1 024). */
  readonly sharedManagers?: number | undefined;
}

/** Options of {@link Vault.save}. */
export interface SaveOptions {
  /** When the stored tokens are deleted, in epoch ms (default: never). */
  readonly expiresAt?: number | undefined;
}

/**
 * Upstream connections' tokens, sealed at rest, refreshed one at a time across every instance that
 * shares the storage. A connection is named by an id of the product's choosing.
 */
export interface Vault {
  /**
   * Stores a connection's tokens, creating it or replacing whatever is stored (it is how a connection
   * comes to be; a product that must not replace one decides so under its own compare-and-set first).
   */
  save(id: string, tokens: TokenSet, options?: SaveOptions): Promise<void>;
  /** A connection's tokens, decrypted, or `undefined`. */
  tokens(id: string): Promise<TokenSet | undefined>;
  /**
   * Removes a connection's tokens: no refresh running meanwhile stores its tokens back afterwards.
   * Its shared token manager in this instance is dropped too.
   */
  delete(id: string): Promise<void>;
  /** Moves a connection's expiry (`null`: never); resolves to whether it is stored. */
  expire(id: string, expiresAt: number | null): Promise<boolean>;
  /** Re-seals a connection's tokens with the current key when another key sealed them; resolves to whether it did. */
  reseal(id: string): Promise<boolean>;
  /**
   * The client's token manager of one connection, for `createClient({ tokens })`: credentials from the
   * sealed tokens; a refresh takes the connection's lease in storage, so one instance refreshes and
   * the others adopt its result; every rotated set is sealed and stored before it is used. It only
   * ever updates: a refresh whose connection was deleted meanwhile fails with `NOT_FOUND` and drops
   * its tokens; one whose tokens were replaced (connected again) drops its set and uses the new one.
   */
  tokenManager(id: string): TokenManager;
  /**
   * The one {@link Vault.tokenManager} of a connection that this vault instance hands to every caller,
   * so concurrent requests of a connection share one refresh. The most recently used are kept (see
   * `sharedManagers`); {@link Vault.save} and {@link Vault.delete} drop a connection's manager, so the
   * next caller starts from what is stored.
   */
  sharedTokenManager(id: string): TokenManager;
}

interface Entry {
  readonly sealed: string;
}

/** Why a refreshed set was not stored: the connection was deleted, or its tokens were replaced. */
type Dropped = 'gone' | 'replaced';

/**
 * Creates the vault of upstream connections shared by acctkit's hosted services (the edge proxy and
 * the remote MCP server): tokens always AES-256-GCM sealed under a key ring, single-flight refresh
 * through `@acctkit/client`'s token manager with a compare-and-set lease, on any {@link VaultStorage}.
 *
 * @param options - Storage, key ring, upstream registration, fetch, clock, margins.
 * @returns The vault.
 * @throws VaultError `CONFIG` for an empty or malformed key ring.
 * @example
 * ```ts
 * import { createClient } from '@acctkit/client';
 * import { createMemoryStorage, createVault, parseKeyRing } from '@acctkit/token-vault';
 * declare const baseUrl: string, clientId: string, clientSecret: string, signingSecret: string;
 * declare const accessToken: string, refreshToken: string;
 * const vault = createVault({
 *   storage: createMemoryStorage(),
 *   keys: parseKeyRing('k1:' + 'A'.repeat(43)),
 *   upstream: { baseUrl, clientId, clientSecret, signingSecret },
 * });
 * await vault.save('acme', { accessToken, refreshToken, expiresAt: Date.now() + 3_600_000, country: 'de' });
 * const api = createClient({ variant: 'de', baseUrl, tokens: vault.tokenManager('acme'), userAgent: 'my-app/1.0' });
 * ```
 */
export function createVault(options: VaultOptions): Vault {
  const { storage, upstream } = options;
  const ring = 'encrypt' in options.keys ? options.keys : createKeyRing(options.keys);
  const prefix = options.prefix ?? 'vault:';
  const now = options.now ?? Date.now;
  const marginMs = options.refreshMarginMs ?? 60_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const keyOf = (id: string): string => `${prefix}${id}`;
  const managers = createTokenManagerCache(options.sharedManagers ?? DEFAULT_SHARED_MANAGERS);

  const seal = (id: string, tokens: TokenSet): Promise<string> =>
    ring.encrypt(JSON.stringify(tokens), keyOf(id));
  const open = async (id: string, entry: Entry): Promise<TokenSet> =>
    JSON.parse(await ring.decrypt(entry.sealed, keyOf(id))) as TokenSet;

  async function read(id: string): Promise<TokenSet | undefined> {
    const entry = await storage.get<Entry>(keyOf(id));
    return entry ? open(id, entry.value) : undefined;
  }

  /**
   * Stores `tokens` over the stored set only while it is still the one whose refresh token is `from`:
   * update-only and compared by value, so a refresh that finishes after the connection was deleted or
   * connected again drops its tokens instead of bringing back (or overwriting) the connection. A
   * reseal or a new expiry in between keeps the same set, so it is no reason to drop a rotation.
   */
  function replaceRefreshed(id: string, from: string, tokens: TokenSet): Promise<Dropped | undefined> {
    return updateKey<Entry, Dropped | undefined>(storage, keyOf(id), async (entry) => {
      if (!entry) return { result: 'gone' };
      const stored = await open(id, entry);
      if (stored.refreshToken !== from) return { result: 'replaced' };
      // A token response carries no country: the business stays the one the tokens were stored for.
      const next = stored.country === undefined ? tokens : { ...tokens, country: stored.country };
      return { value: { sealed: await seal(id, next) }, result: undefined };
    });
  }

  /**
   * The lease of one connection's refresh: a lock in storage every instance shares, apart from the
   * entry, so deleting the connection never has to mind a lease and a lease never keeps an entry alive.
   */
  const withLease = <T>(id: string, fn: () => Promise<T>): Promise<T> =>
    withKeyLock(storage, `lock:${keyOf(id)}`, fn, { leaseMs }).catch((cause: unknown) => {
      if (isVaultError(cause) && cause.code === 'LEASE_TIMEOUT')
        throw new VaultError('LEASE_TIMEOUT', `Timed out waiting for another refresh of connection ${id}.`, {
          cause,
        });
      throw cause;
    });

  /**
   * The token manager reports a failed token request as unreachable (`NETWORK`); when the vault's own
   * hook failed (the connection is gone), the vault's error is what the caller can act on.
   */
  const unwrap = (error: unknown): never => {
    throw error instanceof AccountingError && error.code === 'NETWORK' && isVaultError(error.cause)
      ? error.cause
      : error;
  };

  const gone = (id: string): VaultError =>
    new VaultError(
      'NOT_FOUND',
      `No tokens are stored for connection ${id} (deleted, or never saved): connect it again.`,
    );

  const vault: Vault = {
    async save(id, tokens, saveOptions = {}) {
      const sealed = await seal(id, tokens);
      await updateKey<Entry, void>(storage, keyOf(id), () => ({
        value: { sealed },
        expiresAt: saveOptions.expiresAt ?? null,
        result: undefined,
      }));
      managers.evict(keyOf(id));
    },
    tokens: read,
    async delete(id) {
      await storage.delete(keyOf(id));
      managers.evict(keyOf(id));
    },
    expire: (id, expiresAt) =>
      updateKey<Entry, boolean>(storage, keyOf(id), (entry) =>
        entry ? { value: entry, expiresAt, result: true } : { result: false },
      ),
    reseal: (id) =>
      // Compare-and-set against the entry read: a delete in between leaves it deleted.
      updateKey<Entry, boolean>(storage, keyOf(id), async (entry) => {
        if (!entry || ring.keyIdOf(entry.sealed) === ring.currentKeyId) return { result: false };
        return { value: { sealed: await seal(id, await open(id, entry)) }, result: true };
      }),
    tokenManager(id) {
      // Refresh tokens this manager's refresh already stored: the manager's own write of the set is skipped.
      const persisted = new Set<string>();
      // The refresh token the running refresh started from. One refresh of a connection runs at a time
      // in this manager (the token manager's single flight), and in every instance (the lease).
      let refreshing: string | undefined;
      const locked = lockedRefreshFetch({
        fetch: options.fetch,
        now,
        marginMs,
        withLock: (fn) => withLease(id, fn),
        async read() {
          const stored = await read(id);
          // Nothing to refresh: no request goes upstream for a connection that is gone.
          if (!stored) throw gone(id);
          refreshing = stored.refreshToken;
          return stored;
        },
        async write(tokens) {
          const dropped = await replaceRefreshed(id, refreshing ?? '', tokens);
          // The service offers no revocation endpoint: dropped tokens lapse at their expiry unused.
          if (dropped === 'gone') throw gone(id);
          if (dropped === 'replaced')
            throw new VaultError(
              'CONFLICT',
              `The tokens of connection ${id} were replaced while they were refreshed; the refreshed set was dropped.`,
            );
          persisted.add(tokens.refreshToken);
        },
        adopt(tokens) {
          persisted.add(tokens.refreshToken);
        },
      });
      const manager = createTokenManager({
        ...upstream,
        refreshMarginMs: marginMs,
        now,
        store: {
          get: () => read(id),
          async set(tokens) {
            if (persisted.delete(tokens.refreshToken)) return;
            // Tokens given to the manager (setTokens) replace a stored connection's; save creates one.
            const written = await updateKey<Entry, boolean>(storage, keyOf(id), async (entry) =>
              entry ? { value: { sealed: await seal(id, tokens) }, result: true } : { result: false },
            );
            if (!written) throw gone(id);
          },
        },
        // A set replaced during the refresh (connected again) is read again under the lease: the
        // retry adopts it, or refreshes from it when it is about to expire too.
        async fetch(request) {
          for (let attempt = 0; ; attempt++) {
            try {
              return await locked(request.clone());
            } catch (cause) {
              if (!(isVaultError(cause) && cause.code === 'CONFLICT') || attempt >= 2) throw cause;
            }
          }
        },
      });
      return {
        ...manager,
        credentials: () => manager.credentials().catch(unwrap),
        refresh: (refreshOptions) => manager.refresh(refreshOptions).catch(unwrap),
      };
    },
    sharedTokenManager: (id) => managers.get(keyOf(id), () => vault.tokenManager(id)),
  };
  return vault;
}
