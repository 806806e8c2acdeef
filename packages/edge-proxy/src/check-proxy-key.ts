import { timingSafeEqual } from '@acctkit/signer';
import { ProxyError } from './proxy-error.js';
import { hashKey } from './proxy-keys.js';
import type { KeyRecord, ProxyStore } from './proxy-store.js';

// RFC 7235: the scheme is case-insensitive. A key is `akp_`, its scope letter, `_` and 32 bytes in
// base64url (43 characters), as `createKey` makes it.
const bearer = /^Bearer +(\S*)$/i;
const keyShape = /^akp_[rw]_[A-Za-z0-9_-]{43}$/;
// Compared against when no key has the hash, so that an unknown key costs what a known one does.
const NO_HASH = '0'.repeat(64);

/**
 * The live key an `Authorization` header carries, or a 401 `ProxyError` whose message tells the
 * caller what is wrong: no header, not the shape of a proxy key, a key this proxy does not know, or
 * a revoked one (with when). A well-formed key always costs one storage lookup by its SHA-256 and
 * one constant-time comparison of the hash, whether it is unknown, revoked or live, so the time
 * tells nothing the message does not.
 *
 * @param authorization - The request's `Authorization` header, `null` when absent.
 * @param store - Where keys are found by hash.
 * @throws ProxyError `unauthorized`.
 */
export async function checkProxyKey(authorization: string | null, store: ProxyStore): Promise<KeyRecord> {
  if (!authorization)
    throw new ProxyError('unauthorized', 'Send a proxy key as `Authorization: Bearer <key>`.');
  const key = bearer.exec(authorization)?.[1] ?? '';
  if (!keyShape.test(key))
    throw new ProxyError(
      'unauthorized',
      "The Authorization header holds no proxy key: send `Authorization: Bearer akp_r_…` (a read key) or `Authorization: Bearer akp_w_…` (a write key), the key as the proxy's admin gave it (akp_, r or w, _ and 43 more characters).",
    );
  const hash = await hashKey(key);
  const found = await store.findKey(hash);
  // The lookup is by hash; the stored hash is compared again in constant time all the same.
  const same = timingSafeEqual(hash, found?.hash ?? NO_HASH);
  if (!found || !same)
    throw new ProxyError(
      'unauthorized',
      "This proxy key is not known here: check it, or ask the proxy's admin for one.",
    );
  if (found.revokedAt !== undefined)
    throw new ProxyError(
      'unauthorized',
      `This proxy key was revoked on ${new Date(found.revokedAt).toISOString().replace(/\.\d{3}Z$/, 'Z')}: ask the proxy's admin for a new one.`,
    );
  return found;
}
