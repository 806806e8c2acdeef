import type { HmacSha1 } from '@acctkit/signer';
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

type KeyedHmac = ReturnType<typeof hmac.create>;

/**
 * HMAC-SHA1 states keyed by signing key, at most 256 (emptied when full), as the signer caches
 * WebCrypto keys: only the base string is hashed per request.
 */
const keyed = new Map<string, KeyedHmac>();

/**
 * base64(HMAC-SHA1) of the signer's base string, synchronously with `@noble/hashes` (audited, no
 * dependencies, every runtime) instead of WebCrypto's: Node runs each WebCrypto HMAC on its thread
 * pool, which cost the proxy 26–56 µs of CPU a request against 3–5 µs for this (bench/proxy-cpu.bench.ts).
 * The signatures are the same bytes (test/hmac-sha1.test.ts).
 */
export const hmacSha1: HmacSha1 = (signingKey, data) => {
  let state = keyed.get(signingKey);
  if (state === undefined) {
    if (keyed.size > 255) keyed.clear();
    state = hmac.create(sha1, utf8ToBytes(signingKey));
    keyed.set(signingKey, state);
  }
  const digest = state.clone().update(utf8ToBytes(data)).digest();
  return btoa(String.fromCharCode(...digest));
};
