import { toBase64 } from './to-base64.js';

/**
 * Nonce characters still to hand out: base64 of random bytes with `+` and `/` removed, so each is one
 * of 62 equally likely characters. Filled on first use and when used up, never at module load
 * (Cloudflare Workers forbid randomness at global scope); one `getRandomValues` call and one `btoa`
 * per ~90 nonces. Nonces are public (sent in `X-Nonce`), so holding the next ones in memory reveals
 * nothing.
 */
let pool = '';
let used = 0;

/**
 * Creates a nonce in the form the interface spec recommends: base64 of bytes from
 * `crypto.getRandomValues` with non-word characters (`+`, `/`, `=`) removed; 43 characters, so at least
 * 256 random bits (as many as 32 bytes). Each call gives fresh characters.
 *
 * @returns 43 characters from `[A-Za-z0-9]`.
 * @example
 * ```ts
 * import { createNonce } from '@acctkit/signer';
 * const nonce = createNonce(); // e.g. 'q3Vx0c…'
 * ```
 */
export function createNonce(): string {
  used += 43;
  if (used > pool.length) {
    pool = toBase64(crypto.getRandomValues(new Uint8Array(3000))).replace(/\W/g, '');
    used = 43;
  }
  return pool.slice(used - 43, used);
}
