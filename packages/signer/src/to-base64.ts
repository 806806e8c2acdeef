/** Standard (padded) base64 of a few bytes: a nonce or a digest. */
export function toBase64(bytes: Uint8Array): string {
  // apply, not spread: spreading a typed array is several times slower in V8.
  return btoa(String.fromCharCode.apply(null, bytes as unknown as number[]));
}
