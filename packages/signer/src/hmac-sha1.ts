import { SignerError } from './signer-error.js';
import { toBase64 } from './to-base64.js';

/**
 * Imported keys by signing key string, oldest first (a `Map` keeps insertion order). It holds promises
 * so that 64 concurrent first calls import once. Module-private: nothing reachable from a result or an
 * error refers to it.
 */
const keys = new Map<string, Promise<CryptoKey>>();

const encoder = new TextEncoder();

function importKey(signingKey: string): Promise<CryptoKey> {
  let key = keys.get(signingKey);
  if (key) keys.delete(signingKey);
  else {
    key = crypto.subtle.importKey('raw', encoder.encode(signingKey), { name: 'HMAC', hash: 'SHA-1' }, false, [
      'sign',
    ]);
    // A failed import must not stay cached.
    key.catch(() => keys.delete(signingKey));
    // Keep 32 keys; a server verifying many apps' tokens cycles through more.
    if (keys.size > 31) keys.delete(keys.keys().next().value as string);
  }
  // (Re)insert at the newest end.
  keys.set(signingKey, key);
  return key;
}

/**
 * base64(HMAC-SHA1(signingKey, data)) through WebCrypto, with the imported key cached.
 */
export async function hmacSha1(signingKey: string, data: string): Promise<string> {
  try {
    return toBase64(
      new Uint8Array(await crypto.subtle.sign('HMAC', await importKey(signingKey), encoder.encode(data))),
    );
  } catch (cause) {
    throw new SignerError('CRYPTO_FAILED', 'WebCrypto failed', { cause });
  }
}
