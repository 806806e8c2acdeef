import { SignerError } from './signer-error.js';
import { toBase64 } from './to-base64.js';

/**
 * Imported keys by signing key string, at most 256 (emptied when full): a server signing for 50 users
 * or verifying 50 apps' tokens keeps every key, where 32 made it import a key on nearly every call.
 * It holds promises so that 64 concurrent first calls import once.
 * Module-private: nothing reachable from a result or an error refers to it.
 */
const keys = new Map<string, Promise<CryptoKey>>();

const encoder = new TextEncoder();

function importKey(signingKey: string): Promise<CryptoKey> {
  let key = keys.get(signingKey);
  if (!key) {
    if (keys.size > 255) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(signingKey), { name: 'HMAC', hash: 'SHA-1' }, false, [
      'sign',
    ]);
    keys.set(signingKey, key);
  }
  return key;
}

/**
 * `subtle.sign` calls wait for the end of the current event-loop turn and then start together. In Node
 * each call hands the HMAC to a thread pool, and a call that finds the pool idle pays to wake a thread;
 * started one by one between other work, nearly every call does, and that costs more than the HMAC.
 * Started together, they find the pool busy. One `setImmediate` per turn releases every call waiting
 * on `turn`. Runtimes without `setImmediate` (browsers, Workers) start each call at once. Taken at load
 * so that test fake timers, installed later, cannot stall signing.
 */
const defer = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
let turn: Promise<void> | undefined;

/**
 * base64(HMAC-SHA1(signingKey, data)) through WebCrypto, with the imported key cached.
 */
export async function hmacSha1(signingKey: string, data: string): Promise<string> {
  try {
    const key = importKey(signingKey);
    if (defer) {
      // The same promise for every call of this turn, settled by one callback at its end.
      turn ??= new Promise<void>((go) =>
        defer(() => {
          turn = undefined;
          go();
        }),
      );
      await turn;
    }
    return toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(data))));
  } catch (cause) {
    // A rejected import (or sign) must not stay cached: the next call imports the key again.
    keys.delete(signingKey);
    throw new SignerError('CRYPTO_FAILED', 'WebCrypto failed', { cause });
  }
}
