import { base64url } from '@acctkit/token-vault';

/**
 * Random tokens and hashes over WebCrypto, for every runtime; base64url is the token vault's, the one
 * encoder of the hosted services.
 */

export { base64url, fromBase64url } from '@acctkit/token-vault';

const encoder = new TextEncoder();

/** `bytes` fresh random bytes as base64url, optionally after a readable prefix. */
export function randomToken(prefix = '', bytes = 32): string {
  return prefix + base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** SHA-256 of a text as base64url: how tokens and codes are stored, never in the clear. */
export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
