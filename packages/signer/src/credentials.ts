import { SignerError } from './signer-error.js';

/** What signs a request: the app's signing secret and the user's OAuth access token. */
export interface Credentials {
  /** The `signing_secret` issued with the client registration. */
  readonly signingSecret: string;
  /** The OAuth 2.0 access token; sent as `Authorization: Bearer …`. */
  readonly accessToken: string;
}

/**
 * The signing key: secret and token joined with `&`, neither encoded. Throws `MISSING_CREDENTIALS` when
 * either is empty (the token only when `tokenRequired`, as a server must still report a request that
 * came without one), since an empty secret would sign happily and fail only at the server.
 */
export function signingKey(signingSecret: string, accessToken: string, tokenRequired = true): string {
  if (!signingSecret || (tokenRequired && !accessToken))
    throw new SignerError('MISSING_CREDENTIALS', 'Missing credentials');
  return `${signingSecret}&${accessToken}`;
}
