import type { Credentials } from './credentials.js';
import { isForm } from './is-form.js';
import { sign } from './sign.js';

/**
 * Signs a Fetch `Request` and returns a new one carrying `Authorization`, `X-Signature` and `X-Nonce`
 * beside every header it already had. A form body (`application/x-www-form-urlencoded`) is read once,
 * as UTF-8 text; that text is what is signed and what the new request sends. Any other body is passed
 * on unread and is not part of the signature.
 *
 * @param request - The request to sign; its body is consumed when it is a form.
 * @param credentials - Signing secret and access token.
 * @returns A new signed `Request`.
 * @throws SignerError as {@link sign}.
 * @example
 * ```ts
 * import { signRequest } from '@acctkit/signer';
 * const request = await signRequest(
 *   new Request('https://api.example.test/accounts/v2/contacts', {
 *     method: 'POST',
 *     body: new URLSearchParams({ 'contact[name]': 'Ann' }),
 *   }),
 *   { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' },
 * );
 * const response = await fetch(request);
 * ```
 */
export async function signRequest(request: Request, credentials: Credentials): Promise<Request> {
  const headers = new Headers(request.headers);
  const body = request.body && isForm(headers) ? await request.text() : undefined;
  const s = await sign({ method: request.method, url: request.url, body }, credentials);
  for (const [name, value] of Object.entries(s.headers)) headers.set(name, value);
  // Without a form, `body: undefined` counts as absent and the original body passes through unread.
  return new Request(request, { headers, body: body as string });
}
