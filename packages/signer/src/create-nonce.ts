import { toBase64 } from './to-base64.js';

/**
 * Random bytes for the next nonces. Filled on first use and when used up, never at module load
 * (Cloudflare Workers forbid randomness at global scope); one `getRandomValues` call per 128 nonces
 * instead of one each, which was the most expensive step of signing. Nonces are public (sent in
 * `X-Nonce`), so holding the next ones in memory reveals nothing.
 */
let pool = new Uint8Array(0);
let used = 0;

/**
 * Creates a nonce in the form the interface spec recommends: 32 bytes from `crypto.getRandomValues`,
 * base64, with non-word characters (`+`, `/`, `=`) removed. Each call gives fresh bytes.
 *
 * @returns About 43 characters from `[A-Za-z0-9]`.
 * @example
 * ```ts
 * import { createNonce } from '@acctkit/signer';
 * const nonce = createNonce(); // e.g. 'q3Vx0c…'
 * ```
 */
export function createNonce(): string {
  if (used === pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(4096));
    used = 0;
  }
  used += 32;
  return toBase64(pool.subarray(used - 32, used)).replace(/\W/g, '');
}
