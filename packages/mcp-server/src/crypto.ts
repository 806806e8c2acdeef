import { base64url } from '@acctkit/token-vault';
import { sha256 as sha256Bytes } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Random tokens over WebCrypto and SHA-256 hashes, for every runtime; base64url is the token vault's, the one
 * encoder of the hosted services.
 */

export { base64url, fromBase64url } from '@acctkit/token-vault';

/** `bytes` fresh random bytes as base64url, optionally after a readable prefix. */
export function randomToken(prefix = '', bytes = 32): string {
  return prefix + base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * SHA-256 of a text as base64url: how tokens and codes are stored, never in the clear. Synchronous
 * SHA-256 of @noble/hashes (audited, no dependencies, every runtime), as the edge proxy hashes its
 * keys: WebCrypto's digest goes through Node's thread pool, and at 50 clients hashing every bearer
 * token that way cost about 8% of the remote server's CPU. Async, as callers await it.
 */
export async function sha256(text: string): Promise<string> {
  return base64url(sha256Bytes(utf8ToBytes(text)));
}
