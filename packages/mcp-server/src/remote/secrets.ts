import { timingSafeEqual } from '@acctkit/signer';
import { base64url, sha256 } from '../crypto.js';

export { base64url, fromBase64url as fromBase64, randomToken, sha256 } from '../crypto.js';

/** Keyed MACs over WebCrypto, shared by both runtimes; the tokens and hashes they build on are the core's. */

const encoder = new TextEncoder();

/** An HMAC-SHA-256 key for signing cookies and form fields. */
export interface MacKey {
  sign(text: string): Promise<string>;
  verify(text: string, mac: string): Promise<boolean>;
}

/** Derives a MAC key from key material with HKDF, so one configured secret serves one purpose each. */
export function deriveMacKey(material: Uint8Array, purpose: string): MacKey {
  let derived: Promise<CryptoKey> | undefined;
  const key = () =>
    (derived ??= (async () => {
      const base = await crypto.subtle.importKey('raw', material as BufferSource, 'HKDF', false, [
        'deriveKey',
      ]);
      return crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(purpose) },
        base,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      );
    })());
  const sign = async (text: string) =>
    base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await key(), encoder.encode(text))));
  return {
    sign,
    verify: async (text, mac) => timingSafeEqual(mac, await sign(text)),
  };
}

/** PKCE S256 (RFC 7636 §4.2): base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return sha256(verifier);
}
