import { splitUrl } from './base-url.js';
import { createNonce } from './create-nonce.js';
import { type Credentials, signingKey } from './credentials.js';
import type { SignBody } from './encode-form.js';
import { formPairs } from './form-pairs.js';
import { hmacSha1 } from './hmac-sha1.js';
import { percentEncode } from './percent-encode.js';

/** The request to sign. */
export interface SignInput {
  /** HTTP method, any case; it is signed in upper case. */
  readonly method: string;
  /** Absolute URL with any query; the fragment is ignored. */
  readonly url: string | URL;
  /**
   * The form body: a `application/x-www-form-urlencoded` string, `URLSearchParams`, or an object whose
   * nested objects and arrays flatten to bracketed keys. Leave it out for a non-form body (JSON, bytes),
   * which is not signed.
   */
  readonly body?: SignBody | null | undefined;
  /** A fixed nonce (tests, replays of a recorded request); by default a fresh {@link createNonce}. */
  readonly nonce?: string | undefined;
}

/** Everything that went into a signature, and the headers to send. */
export interface SignResult {
  /** base64(HMAC-SHA1(signing key, base string)); the `X-Signature` header. */
  readonly signature: string;
  /** The nonce used, raw; the `X-Nonce` header. */
  readonly nonce: string;
  /** Signed base URL: `https`, lower-case host, no default port, no query. */
  readonly baseUrl: string;
  /** Sorted, encoded `k=v&k=v` of query and form-body parameters. */
  readonly parameterString: string;
  /** `METHOD&pct(baseUrl)&pct(parameterString)&pct(nonce)`. */
  readonly baseString: string;
  /** `Authorization`, `X-Signature` and `X-Nonce`, ready to merge into a request's headers. */
  readonly headers: SignedHeaders;
}

/**
 * The three headers a signed request carries. A type alias, not an interface, so that it is
 * assignable to `HeadersInit` (`Record<string, string>`).
 */
export type SignedHeaders = {
  readonly Authorization: string;
  readonly 'X-Signature': string;
  readonly 'X-Nonce': string;
};

/**
 * base64(HMAC-SHA1(signingKey, data)) of the UTF-8 bytes of both: the signature of a base string.
 * {@link sign} uses WebCrypto's unless given another. On Node, WebCrypto runs each HMAC on a thread
 * pool, which costs several times the HMAC itself; a server signing thousands of requests a second may
 * pass a synchronous one (`@acctkit/edge-proxy` passes `@noble/hashes`'). What it throws is thrown.
 */
export type HmacSha1 = (signingKey: string, data: string) => string | Promise<string>;

/**
 * Computes the base URL, parameter string and base string of a request. Shared by {@link sign} and
 * `verify` so that both sides build byte-identical strings.
 */
export function signatureBase(
  method: string,
  url: string | URL,
  body: SignBody | null | undefined,
  nonce: string,
): { baseUrl: string; parameterString: string; baseString: string } {
  const [base, query] = splitUrl(url);
  const pairs = formPairs(query, body);
  // Sorted by encoded key then encoded value (plain code-unit order, the same in every runtime and
  // locale; see EncodedPair), repeated keys kept, joined as `k=v&k=v`.
  const params = pairs.sort().join('&').replaceAll(' ', '=');
  return {
    baseUrl: base,
    parameterString: params,
    baseString: `${method.toUpperCase()}&${percentEncode(base)}&${percentEncode(params)}&${percentEncode(nonce)}`,
  };
}

/**
 * Signs a request: builds the base string from method, URL, query and form body, and returns the
 * signature, every intermediate string and the headers to send.
 *
 * @param input - Method, URL, optional form body and optional fixed nonce.
 * @param credentials - Signing secret and access token.
 * @param hmac - The HMAC-SHA1 to sign with (default: WebCrypto's, with imported keys cached).
 * @returns The signature, nonce, intermediate strings and headers.
 * @throws SignerError `INVALID_URL`, `MALFORMED_ENCODING`, `INVALID_BODY`, `MISSING_CREDENTIALS` or
 *   `CRYPTO_FAILED`.
 * @example
 * ```ts
 * import { sign } from '@acctkit/signer';
 * const s = await sign(
 *   { method: 'POST', url: 'https://api.example.test/accounts/v2/contacts', body: { contact: { name: 'Ann' } } },
 *   { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' },
 * );
 * await fetch('https://api.example.test/accounts/v2/contacts', {
 *   method: 'POST',
 *   headers: { ...s.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
 *   body: 'contact%5Bname%5D=Ann',
 * });
 * ```
 */
export async function sign(
  input: SignInput,
  credentials: Credentials,
  hmac: HmacSha1 = hmacSha1,
): Promise<SignResult> {
  const key = signingKey(credentials.signingSecret, credentials.accessToken);
  const nonce = input.nonce ?? createNonce();
  const base = signatureBase(input.method, input.url, input.body, nonce);
  const signature = await hmac(key, base.baseString);
  return {
    signature,
    nonce,
    ...base,
    headers: {
      Authorization: `Bearer ${credentials.accessToken}`,
      'X-Signature': signature,
      'X-Nonce': nonce,
    },
  };
}
