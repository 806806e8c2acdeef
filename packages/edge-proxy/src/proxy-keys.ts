import { base64url } from '@acctkit/token-vault';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { KeyScope } from './proxy-store.js';

const hex = (bytes: Uint8Array): string => {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
};

/** A new key as shown once to whoever asked for it, and the record to store. */
export interface NewKey {
  readonly id: string;
  readonly key: string;
  readonly hash: string;
}

/**
 * Creates a proxy key: 32 random bytes (256 bits) from WebCrypto, prefixed `akp_r_` or `akp_w_` so a
 * leaked key is recognisable and its scope visible, and an id `key_…` (64 random bits) to name it.
 *
 * @param scope - `read` or `write`.
 * @returns The key, its id and its SHA-256.
 */
export async function createKey(scope: KeyScope): Promise<NewKey> {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const key = `akp_${scope === 'read' ? 'r' : 'w'}_${base64url(secret)}`;
  const id = `key_${hex(crypto.getRandomValues(new Uint8Array(8)))}`;
  return { id, key, hash: await hashKey(key) };
}

/**
 * The hex SHA-256 of a key: what storage holds and looks keys up by. A fast hash is enough here,
 * unlike for passwords: a key has 256 random bits, so there is nothing to guess from a stolen hash,
 * and a slow KDF would cost every proxied request its time. It is computed for every request: the
 * proxy keeps no presented key in memory, not even in a cache.
 *
 * @param key - The key as the caller sent it.
 * @returns 64 hex digits.
 * @example
 * ```ts
 * import { hashKey } from '@acctkit/edge-proxy';
 * declare const key: string;
 * const hash = await hashKey(key); // what storage holds of the key
 * ```
 */
export async function hashKey(key: string): Promise<string> {
  // Synchronous SHA-256 of @noble/hashes (audited, no dependencies, every runtime): WebCrypto's
  // digest goes through a thread pool in Node and costs about 15× the CPU at 64 requests in flight.
  return bytesToHex(sha256(utf8ToBytes(key)));
}
