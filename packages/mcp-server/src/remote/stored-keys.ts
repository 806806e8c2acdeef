import type { ChangeEntry } from '@acctkit/change-journal';
import {
  type KeyChange,
  putKey,
  type SetOptions,
  updateKey,
  type VaultStorage,
  type Versioned,
} from '@acctkit/token-vault';
import type { SessionDeclaration } from '../http/session-store.js';
import type {
  AccessRecord,
  ClientRecord,
  CodeRecord,
  GrantRecord,
  JournalHead,
  PendingAuthorization,
  RefreshRecord,
} from './grant-records.js';

declare const valueType: unique symbol;

/** A key of the remote server's storage whose value has type `T` (the type exists at compile time only). */
export interface StoredKey<T> {
  readonly key: string;
  readonly [valueType]?: T;
}

const at = <T>(key: string): StoredKey<T> => ({ key });

/**
 * Every kind of key the remote server stores, with its value's type and how long it lives. Tokens,
 * codes and states are keyed by their SHA-256 (base64url), never in clear. Every value has an expiry.
 * Nothing else in `remote/` writes a key by hand: a new kind is added here first.
 */
/** One session of a grant, by its id and when its declaration expires. */
export interface SessionUse {
  readonly id: string;
  readonly expiresAt: number;
}

export const STORED = {
  /** Lives as long as its newest refresh token; a revoked one a day more, for a precise answer. */
  grant: (id: string): StoredKey<GrantRecord> => at(`grant:${id}`),
  /** An authorization sent on to the service; 10 minutes, used up once by the callback. */
  pending: (stateHash: string): StoredKey<PendingAuthorization> => at(`pending:${stateHash}`),
  /** An authorization code; accepted for its TTL, kept 10 minutes more to see a replay. */
  code: (codeHash: string): StoredKey<CodeRecord> => at(`code:${codeHash}`),
  /** An issued access token, for its TTL. */
  accessToken: (tokenHash: string): StoredKey<AccessRecord> => at(`at:${tokenHash}`),
  /** An issued refresh token, for its TTL; marked used when rotated. */
  refreshToken: (tokenHash: string): StoredKey<RefreshRecord> => at(`rt:${tokenHash}`),
  /** A DCR client (until its registration TTL, for good once it exchanged a code) or a fetched CIMD document (an hour). */
  client: (clientId: string): StoredKey<ClientRecord> => at(`client:${clientId}`),
  /** A client metadata document that could not be had; 10 minutes. */
  clientMetadataFailed: (clientId: string): StoredKey<true> => at(`cimd-failed:${clientId}`),
  /** Requests of one access token in one minute; two minutes. */
  tokenRate: (tokenHash: string, minute: number): StoredKey<number> => at(`rate:${tokenHash}:${minute}`),
  /** Costly unauthenticated actions from one address in one minute; two minutes. */
  addressRate: (action: 'register' | 'cimd', bucket: string, minute: number): StoredKey<number> =>
    at(`${action}-rate:${bucket}:${minute}`),
  /** What a 2025-era client declared for its session; moved on by each use. */
  session: (id: string): StoredKey<SessionDeclaration> => at(`mcp-session:${id}`),
  /** A grant's live sessions, newest use first (at most `MAX_SESSIONS_PER_GRANT`); as long as the newest. */
  grantSessions: (grantId: string): StoredKey<readonly SessionUse[]> => at(`mcp-sessions:${grantId}`),
  /** The first and last page of a business's change journal; one retention after its newest entry. */
  journalHead: (business: string): StoredKey<JournalHead> => at(`journal:${business}`),
  /** Page n of a business's change journal; one retention after its newest entry. */
  journalPage: (business: string, n: number): StoredKey<ChangeEntry[]> => at(`journal:${business}:${n}`),
} as const;

/**
 * Prefixes and lock keys handed to code that writes its own keys below them (each with its own expiry):
 * the vault's sealed upstream tokens (`upstream:<grant id>`, lease `lock:upstream:<grant id>`), a
 * grant's pending approvals, and the lock that creates a journal's first page once.
 */
export const STORED_PREFIX = {
  upstream: 'upstream:' as string,
  grantApprovals: (grantId: string): string => `grant-approvals:${grantId}:`,
  journalCreatesLock: (business: string): string => `lock:journal-creates:${business}`,
} as const;

/** The value under `key`, or `undefined` when absent or expired. */
export async function getStored<T>(storage: VaultStorage, key: StoredKey<T>): Promise<T | undefined> {
  return (await storage.get<T>(key.key))?.value;
}

/** The value under `key` with its version, for a compare-and-set that follows. */
export function getVersioned<T>(storage: VaultStorage, key: StoredKey<T>): Promise<Versioned<T> | undefined> {
  return storage.get<T>(key.key);
}

/** Creates `key` only while it is absent; resolves to whether it did. */
export function createStored<T>(
  storage: VaultStorage,
  key: StoredKey<T>,
  value: T,
  expiresAt: number,
): Promise<boolean> {
  return storage.set(key.key, value, { expected: 0, expiresAt });
}

/**
 * Ends a value read at `version` (a tombstone that expires at `expiresAt`), only while nobody wrote
 * it since: of two callers, one gets `true`. How a single-use value is used up after checks on it.
 */
export function endStored<T>(
  storage: VaultStorage,
  key: StoredKey<T>,
  version: number,
  expiresAt: SetOptions['expiresAt'],
): Promise<boolean> {
  return storage.set(key.key, null, { expected: version, expiresAt });
}

/**
 * Reads, changes and writes `key` by compare-and-set (`updateKey`): a change that returns no value for
 * an absent key only ever updates, so a writer that lost a race with a delete cannot bring it back.
 */
export function updateStored<T, R>(
  storage: VaultStorage,
  key: StoredKey<T>,
  change: (current: T | undefined) => KeyChange<T, R> | Promise<KeyChange<T, R>>,
): Promise<R> {
  return updateKey<T, R>(storage, key.key, change);
}

/** Writes `value` whatever is stored, for values with one writer (`putKey`). */
export function putStored<T>(
  storage: VaultStorage,
  key: StoredKey<T>,
  value: T,
  expiresAt: number | undefined,
): Promise<void> {
  return putKey(storage, key.key, value, expiresAt);
}

/** Removes `key`. */
export function deleteStored<T>(storage: VaultStorage, key: StoredKey<T>): Promise<void> {
  return storage.delete(key.key);
}
