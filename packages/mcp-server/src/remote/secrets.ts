import { timingSafeEqual } from '@acctkit/signer';

/** Random tokens, hashes and keyed MACs over WebCrypto, shared by both runtimes. */

const encoder = new TextEncoder();

/** Encodes bytes as base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64 or base64url (padding optional). */
export function fromBase64(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** `bytes` fresh random bytes as base64url, optionally after a readable prefix. */
export function randomToken(prefix = '', bytes = 32): string {
  return prefix + base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** SHA-256 of a text as base64url: how tokens and codes are stored, never in the clear. */
export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

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
