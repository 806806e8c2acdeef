// The request signer of the API reference at /docs, bundled for the browser by
// scripts/bundle-request-signer.ts into src/generated/request-signer.ts and served as
// /docs/request-signer.js. It signs every "Test Request" with @acctkit/signer, as an application does.
import { sign, TEST_SIGNING_SECRET } from '@acctkit/signer';

/** What the page tells the signer: the demo application's signing secret. */
export interface RequestSignerOptions {
  readonly signingSecret: string;
}

/** The part of Scalar's configuration the signer adds: its hook on the request it is about to send. */
interface WithRequestHook {
  readonly onRequestBuilt: (input: { readonly request: Request }) => Promise<void>;
}

const DATA_PATH = /^\/(?:core|accounts)\//;
const TEST_PATH = /^\/test\//;

/**
 * Signs a request Scalar built, in place: sets `X-Nonce` (fresh) and `X-Signature` for data calls
 * (`/core/…`, `/accounts/…`) with the demo app's signing secret and the access token of the Authorize
 * step, and for `/test/…` with `TestSigningSecret` and the test token (`TestToken` when none was
 * given). Other requests (the token endpoint, the admin API) pass unchanged, as do data calls made
 * before Authorize: the sandbox then says which header is missing.
 */
export async function signBuiltRequest(request: Request, options: RequestSignerOptions): Promise<void> {
  const { pathname } = new URL(request.url);
  const isTest = TEST_PATH.test(pathname);
  if (!isTest && !DATA_PATH.test(pathname)) return;
  const bearer = /^Bearer +(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const accessToken = bearer ?? (isTest ? 'TestToken' : undefined);
  if (accessToken === undefined) return;
  const isForm = (request.headers.get('content-type') ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
  // The exact body that goes over the wire, read from a clone so the request keeps its own.
  const body = isForm && request.body !== null ? await request.clone().text() : undefined;
  const signed = await sign(
    { method: request.method, url: request.url, body },
    { signingSecret: isTest ? TEST_SIGNING_SECRET : options.signingSecret, accessToken },
  );
  for (const [name, value] of Object.entries(signed.headers)) request.headers.set(name, value);
}

/**
 * Returns Scalar's configuration with an `onRequestBuilt` hook that signs every request it sends
 * (Scalar calls it with the exact `Request` handed to `fetch`).
 */
export function withRequestSigning<T extends object>(
  config: T,
  options: RequestSignerOptions,
): T & WithRequestHook {
  return { ...config, onRequestBuilt: ({ request }) => signBuiltRequest(request, options) };
}
