/** Bytes as unpadded base64url (RFC 4648 §5): safe in URLs, headers and `Bearer` credentials. */
export const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
