import { RemoteError } from './remote-error.js';
import { base64url, fromBase64 } from './secrets.js';

/** One AES-256-GCM key of the key ring, named by a short id stored with every ciphertext. */
export interface EncryptionKey {
  /** Short id, letters and digits (`k1`, `2026-11`); written before each ciphertext. */
  readonly id: string;
  /** 32 bytes of key material. */
  readonly key: Uint8Array;
}

/** Encrypts with the current key and decrypts with whichever key of the ring a ciphertext names. */
export interface TokenCipher {
  encrypt(plain: string, context: string): Promise<string>;
  decrypt(sealed: string, context: string): Promise<string>;
  /** Id of the key new ciphertexts use. */
  readonly currentKeyId: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Creates the cipher that keeps upstream tokens encrypted at rest: AES-256-GCM with a fresh 96-bit IV
 * per value and the grant id as additional data (a ciphertext moved to another grant does not open).
 * Output: `<key id>.<iv>.<ciphertext>`; the first key encrypts, every key decrypts, so a key is rotated
 * by putting a new one first and keeping the old one until its grants have been rewritten.
 */
export function createTokenCipher(keys: readonly EncryptionKey[]): TokenCipher {
  const first = keys[0];
  if (!first) throw new RemoteError('CONFIG', 'At least one encryption key is required.');
  for (const k of keys)
    if (k.key.length !== 32)
      throw new RemoteError('CONFIG', `Encryption key ${k.id} must be 32 bytes (base64 of 32 random bytes).`);
  // Imported on first use, so the app can be built synchronously (a Worker builds it at load).
  let imported: Promise<Map<string, CryptoKey>> | undefined;
  const keyRing = () =>
    (imported ??= (async () => {
      const ring = new Map<string, CryptoKey>();
      for (const k of keys)
        ring.set(
          k.id,
          await crypto.subtle.importKey('raw', k.key as BufferSource, 'AES-GCM', false, [
            'encrypt',
            'decrypt',
          ]),
        );
      return ring;
    })());
  return {
    currentKeyId: first.id,
    async encrypt(plain, context) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const key = (await keyRing()).get(first.id) as CryptoKey;
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        key,
        encoder.encode(plain),
      );
      return `${first.id}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
    },
    async decrypt(sealed, context) {
      const [id, iv, body] = sealed.split('.');
      const key = id === undefined ? undefined : (await keyRing()).get(id);
      if (!key || iv === undefined || body === undefined)
        throw new RemoteError('DECRYPT', 'Stored tokens name an encryption key that is not configured.');
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(iv) as BufferSource, additionalData: encoder.encode(context) },
          key,
          fromBase64(body) as BufferSource,
        );
        return decoder.decode(plain);
      } catch (cause) {
        throw new RemoteError('DECRYPT', 'Stored tokens could not be decrypted.', { cause });
      }
    },
  };
}

/**
 * Reads a key ring from text: `id:base64,id:base64`, current key first.
 *
 * @example
 * ```ts
 * parseEncryptionKeys('k2:' + btoa('…32 bytes…') + ',k1:…');
 * ```
 */
export function parseEncryptionKeys(text: string): EncryptionKey[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_=-]+)$/.exec(part);
      if (!m)
        throw new RemoteError(
          'CONFIG',
          'ACCTKIT_MCP_ENCRYPTION_KEYS must be a comma-separated list of id:base64-key, current key first.',
        );
      return { id: m[1] as string, key: fromBase64(m[2] as string) };
    });
}
