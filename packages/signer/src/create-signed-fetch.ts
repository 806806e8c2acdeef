import type { Credentials } from './credentials.js';
import { signRequest } from './sign-request.js';

/** Credentials, or a function that returns the current ones (called per request, so a refreshed token is used). */
export type CredentialsSource = Credentials | (() => Credentials | Promise<Credentials>);

/** Options of {@link createSignedFetch}. */
export interface SignedFetchOptions {
  /** The fetch that sends the signed request; default the global `fetch`, looked up per call. */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
}

/** A `fetch` that signs each request before sending it. */
export type SignedFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Creates a drop-in `fetch` that signs every request with {@link signRequest} and sends it.
 *
 * @param credentials - Credentials, or a sync or async getter called once per request.
 * @param options - `fetch` to send with (default: the global `fetch`).
 * @returns A function with the signature of `fetch`.
 * @throws SignerError as {@link sign}; an error thrown by the getter passes through unchanged.
 * @example
 * ```ts
 * import { createSignedFetch } from '@acctkit/signer';
 * const signedFetch = createSignedFetch({ signingSecret: 'TestSigningSecret', accessToken: 'TestToken' });
 * const response = await signedFetch('https://api.example.test/test/accounts/v2/contacts?page=1');
 * ```
 */
export function createSignedFetch(credentials: CredentialsSource, options?: SignedFetchOptions): SignedFetch {
  return async (input, init) => {
    // A getter's own error (say, a failed token refresh) passes through unchanged, keeping its code.
    const creds = typeof credentials === 'function' ? await credentials() : credentials;
    const request = await signRequest(new Request(input, init), creds);
    return (options?.fetch ?? fetch)(request);
  };
}
