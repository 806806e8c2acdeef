import {
  createTokenManager,
  lockedRefreshFetch,
  type TokenEndpointOptions,
  type TokenManager,
  type TokenSet,
} from '@acctkit/client';
import { base64url } from './base64url.js';
import { createKeyRing, type EncryptionKey, type KeyRing } from './key-ring.js';
import { VaultError } from './vault-error.js';
import { updateKey, type VaultStorage } from './vault-storage.js';

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
  /** How long a refresh lease holds when its holder dies mid-refresh, in ms (default 30 000). */
  readonly leaseMs?: number | undefined;
  /** Prefix of the vault's storage keys (default `vault:`), so several products can share a storage. */
  readonly prefix?: string | undefined;
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
  /** Stores (or replaces) a connection's tokens. */
  save(id: string, tokens: TokenSet, options?: SaveOptions): Promise<void>;
  /** A connection's tokens, decrypted, or `undefined`. */
  tokens(id: string): Promise<TokenSet | undefined>;
  /** Removes a connection's tokens. */
  delete(id: string): Promise<void>;
  /** Moves a connection's expiry (`null`: never); resolves to whether it is stored. */
  expire(id: string, expiresAt: number | null): Promise<boolean>;
  /** Re-seals a connection's tokens with the current key when another key sealed them; resolves to whether it did. */
  reseal(id: string): Promise<boolean>;
  /**
   * The client's token manager of one connection, for `createClient({ tokens })`: credentials from the
   * sealed tokens; a refresh takes the connection's lease in storage, so one instance refreshes and
   * the others adopt its result; every rotated set is sealed and stored before it is used.
   */
  tokenManager(id: string): TokenManager;
}

interface Entry {
  readonly sealed: string;
  readonly lease?: { readonly owner: string; readonly until: number } | undefined;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

  const seal = (id: string, tokens: TokenSet): Promise<string> =>
    ring.encrypt(JSON.stringify(tokens), keyOf(id));

  async function read(id: string): Promise<TokenSet | undefined> {
    const entry = await storage.get<Entry>(keyOf(id));
    if (!entry) return undefined;
    return JSON.parse(await ring.decrypt(entry.value.sealed, keyOf(id))) as TokenSet;
  }

  /** Replaces the sealed tokens, keeping the entry's lease and expiry. */
  async function write(id: string, tokens: TokenSet): Promise<void> {
    const sealed = await seal(id, tokens);
    await updateKey<Entry, void>(storage, keyOf(id), (entry) => ({
      value: { ...entry, sealed },
      result: undefined,
    }));
  }

  /** Runs `fn` holding the connection's refresh lease: one holder at a time across every instance. */
  async function withLease<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const key = keyOf(id);
    const owner = base64url(crypto.getRandomValues(new Uint8Array(12)));
    // Wall-clock time: leases are about real waiting, whatever clock token expiry is judged by.
    const deadline = Date.now() + leaseMs + 5_000;
    for (let wait = 10; ; wait = Math.min(wait * 2, 100)) {
      const current = await storage.get<Entry>(key);
      if (!current) throw new VaultError('NOT_FOUND', `No tokens are stored for connection ${id}.`);
      const lease = current.value.lease;
      if (lease && lease.until > Date.now()) {
        if (Date.now() > deadline)
          throw new VaultError('LEASE_TIMEOUT', `Timed out waiting for another refresh of connection ${id}.`);
        await pause(wait);
        continue;
      }
      const taken: Entry = { ...current.value, lease: { owner, until: Date.now() + leaseMs } };
      if (await storage.set(key, taken, { expected: current.version, expiresAt: current.expiresAt })) break;
    }
    try {
      return await fn();
    } finally {
      await updateKey<Entry, void>(storage, key, (entry) =>
        entry?.lease?.owner === owner
          ? { value: { sealed: entry.sealed }, result: undefined }
          : { result: undefined },
      );
    }
  }

  return {
    async save(id, tokens, saveOptions = {}) {
      const sealed = await seal(id, tokens);
      await updateKey<Entry, void>(storage, keyOf(id), (entry) => ({
        value: { ...entry, sealed },
        expiresAt: saveOptions.expiresAt ?? null,
        result: undefined,
      }));
    },
    tokens: read,
    delete: (id) => storage.delete(keyOf(id)),
    expire: (id, expiresAt) =>
      updateKey<Entry, boolean>(storage, keyOf(id), (entry) =>
        entry ? { value: entry, expiresAt, result: true } : { result: false },
      ),
    async reseal(id) {
      const entry = await storage.get<Entry>(keyOf(id));
      if (!entry || ring.keyIdOf(entry.value.sealed) === ring.currentKeyId) return false;
      const tokens = JSON.parse(await ring.decrypt(entry.value.sealed, keyOf(id))) as TokenSet;
      await write(id, tokens);
      return true;
    },
    tokenManager(id) {
      // Refresh tokens this manager's lease already stored: the manager's own write of the same set is skipped.
      const persisted = new Set<string>();
      return createTokenManager({
        ...upstream,
        refreshMarginMs: marginMs,
        now,
        store: {
          get: () => read(id),
          set: async (tokens) => {
            if (persisted.delete(tokens.refreshToken)) return;
            await write(id, tokens);
          },
        },
        fetch: lockedRefreshFetch({
          fetch: options.fetch,
          now,
          marginMs,
          withLock: (fn) => withLease(id, fn),
          read: () => read(id),
          async write(tokens) {
            // A token response carries no country: the business stays the one the tokens were stored for.
            const before = await read(id);
            await write(id, before?.country === undefined ? tokens : { ...tokens, country: before.country });
            persisted.add(tokens.refreshToken);
          },
          adopt(tokens) {
            persisted.add(tokens.refreshToken);
          },
        }),
      });
    },
  };
}
