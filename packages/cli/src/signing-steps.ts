import type { SignResult } from '@acctkit/signer';

/** How the Authorization header is shown: with the token (the user asked for it) or redacted. */
export type TokenDisplay = 'show' | 'redact';

/**
 * The four steps of the interface spec's signature construction, as lines: 1. the base string and its
 * four items, 2. the signing key (always redacted: it is the secret and the token), 3. the signature,
 * 4. the headers that carry it.
 */
export function signingSteps(method: string, signed: SignResult, token: TokenDisplay): string[] {
  return [
    '1. Signature base string: METHOD & pct(base URL) & pct(parameter string) & pct(nonce)',
    `   request method:   ${method.toUpperCase()}`,
    `   base URL:         ${signed.baseUrl}`,
    `   parameter string: ${signed.parameterString || '(empty)'}`,
    `   nonce:            ${signed.nonce}`,
    `   base string:      ${signed.baseString}`,
    '2. Signing key: signing secret & access token',
    '   [signing secret]&[access token]',
    '3. Signature: base64(HMAC-SHA1(signing key, base string))',
    `   ${signed.signature}`,
    '4. Headers: the signature goes in X-Signature, the nonce in X-Nonce',
    ...signedHeaderLines(signed, token).map((l) => `   ${l}`),
  ];
}

/** `Name: value` lines of the three signed headers. */
export function signedHeaderLines(signed: SignResult, token: TokenDisplay): string[] {
  return [
    `Authorization: ${token === 'show' ? signed.headers.Authorization : 'Bearer [redacted]'}`,
    `X-Signature: ${signed.headers['X-Signature']}`,
    `X-Nonce: ${signed.headers['X-Nonce']}`,
  ];
}
