/**
 * Encodes bytes as unpadded base64url (RFC 4648 §5): safe in URLs, headers, cookies and `Bearer`
 * credentials. The one encoder of acctkit's hosted services (sealed tokens, keys, tickets).
 *
 * @param bytes - The bytes.
 * @returns Their base64url text, without `=` padding.
 * @example
 * ```ts
 * import { base64url } from '@acctkit/token-vault';
 * base64url(new Uint8Array([251, 255])); // '-_8'
 * ```
 */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes base64url, or standard base64 (padding optional either way), as keys are often pasted in
 * whichever form a tool printed.
 *
 * @param text - The encoded text.
 * @returns The bytes.
 * @throws DOMException `InvalidCharacterError` for text that is neither.
 * @example
 * ```ts
 * import { fromBase64url } from '@acctkit/token-vault';
 * fromBase64url('-_8'); // Uint8Array [251, 255]
 * ```
 */
export function fromBase64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}
