import { base64url, fromBase64url } from './base64url.js';
import { VaultError } from './vault-error.js';

/** One AES-256-GCM key of a key ring, named by a short id stored with every ciphertext. */
export interface EncryptionKey {
  /** Short id, 1–32 of letters, digits, `_` and `-` (`k1`, `2026-11`); written before each ciphertext. */
  readonly id: string;
  /** 32 bytes of key material. */
  readonly key: Uint8Array;
}

/** Encrypts with the current key and decrypts with whichever key of the ring a ciphertext names. */
export interface KeyRing {
  /** Seals `plain`; `context` is bound as additional data, so the result opens only under the same context. */
  encrypt(plain: string, context: string): Promise<string>;
  /** Opens what {@link KeyRing.encrypt} sealed under `context`. */
  decrypt(sealed: string, context: string): Promise<string>;
  /** Id of the key new ciphertexts use: the first of the ring. */
  readonly currentKeyId: string;
  /** Id of the key a ciphertext was sealed with. */
  keyIdOf(sealed: string): string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Creates the key ring that keeps tokens encrypted at rest: AES-256-GCM with a fresh 96-bit IV per
 * value and a context (the connection's storage key) as additional data, so a ciphertext copied to
 * another connection does not open. Output: `<key id>.<iv>.<ciphertext>`. The first key encrypts,
 * every key decrypts: rotate by putting a new key first and keeping the old ones until every value
 * has been rewritten (see the README).
 *
 * @param keys - The ring, current key first.
 * @returns The key ring.
 * @throws VaultError `CONFIG` for an empty ring, a duplicate or malformed id, or a key that is not 32 bytes.
 * @example
 * ```ts
 * import { createKeyRing } from '@acctkit/token-vault';
 * const ring = createKeyRing([{ id: 'k1', key: crypto.getRandomValues(new Uint8Array(32)) }]);
 * const sealed = await ring.encrypt('secret', 'connection:acme');
 * ```
 */
export function createKeyRing(keys: readonly EncryptionKey[]): KeyRing {
  const first = keys[0];
  if (!first) throw new VaultError('CONFIG', 'The key ring needs at least one encryption key.');
  const ids = new Set<string>();
  for (const k of keys) {
    if (!KEY_ID.test(k.id))
      throw new VaultError('CONFIG', 'An encryption key id must be 1–32 of letters, digits, _ and -.');
    if (ids.has(k.id)) throw new VaultError('CONFIG', `Encryption key id ${k.id} appears twice in the ring.`);
    ids.add(k.id);
    if (k.key.length !== 32)
      throw new VaultError('CONFIG', `Encryption key ${k.id} must be 32 bytes (base64 of 32 random bytes).`);
  }
  // Imported on first use, so a ring can be built synchronously (a Worker builds it at load).
  let imported: Promise<Map<string, CryptoKey>> | undefined;
  const ring = (): Promise<Map<string, CryptoKey>> =>
    (imported ??= (async () => {
      const out = new Map<string, CryptoKey>();
      for (const k of keys)
        out.set(
          k.id,
          await crypto.subtle.importKey('raw', k.key as BufferSource, 'AES-GCM', false, [
            'encrypt',
            'decrypt',
          ]),
        );
      return out;
    })());
  return {
    currentKeyId: first.id,
    keyIdOf: (sealed) => sealed.slice(0, Math.max(0, sealed.indexOf('.'))),
    async encrypt(plain, context) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const key = (await ring()).get(first.id) as CryptoKey;
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        key,
        encoder.encode(plain),
      );
      return `${first.id}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
    },
    async decrypt(sealed, context) {
      const [id, iv, body] = sealed.split('.');
      const key = id === undefined ? undefined : (await ring()).get(id);
      if (!key || iv === undefined || body === undefined)
        throw new VaultError(
          'DECRYPT',
          `Stored tokens were sealed with key ${JSON.stringify(id ?? '')}, which is not in the key ring; add it back.`,
        );
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64url(iv) as BufferSource, additionalData: encoder.encode(context) },
          key,
          fromBase64url(body) as BufferSource,
        );
        return decoder.decode(plain);
      } catch (cause) {
        throw new VaultError('DECRYPT', 'Stored tokens could not be decrypted (tampered or moved).', {
          cause,
        });
      }
    },
  };
}

/**
 * Reads a key ring from its text form, `id:base64,id:base64`, current key first (how the
 * environment variables of the hosted services give it).
 *
 * @param text - The text; base64 or base64url of 32 bytes per key.
 * @param name - What to call the text in errors (for example the environment variable).
 * @returns The keys, for {@link createKeyRing}.
 * @throws VaultError `CONFIG` when a part is malformed.
 * @example
 * ```ts
 * import { createKeyRing, parseKeyRing } from '@acctkit/token-vault';
 * declare const env: { ENCRYPTION_KEYS: string };
 * const ring = createKeyRing(parseKeyRing(env.ENCRYPTION_KEYS, 'ENCRYPTION_KEYS'));
 * ```
 */
export function parseKeyRing(text: string, name = 'The key ring'): EncryptionKey[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_=-]+)$/.exec(part);
      if (!m)
        throw new VaultError(
          'CONFIG',
          `${name} must be a comma-separated list of id:base64-key, current key first.`,
        );
      return { id: m[1] as string, key: fromBase64url(m[2] as string) };
    });
}

/**
 * A new random key ring entry in its text form (`id:base64url`), for setting up a deployment or
 * rotating: `acctkit`'s docs print it with `node -e`.
 *
 * @param id - The new key's id.
 * @returns `id:` and 32 random bytes as base64url.
 * @example
 * ```ts
 * import { generateKeyText } from '@acctkit/token-vault';
 * generateKeyText('k2'); // 'k2:3q2+7w…'
 * ```
 */
export function generateKeyText(id: string): string {
  if (!KEY_ID.test(id)) throw new VaultError('CONFIG', 'A key id must be 1–32 of letters, digits, _ and -.');
  return `${id}:${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
}
