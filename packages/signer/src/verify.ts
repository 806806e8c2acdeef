import { signingKey } from './credentials.js';
import type { SignBody } from './encode-form.js';
import { hmacSha1 } from './hmac-sha1.js';
import { isForm } from './is-form.js';
import { signatureBase } from './sign.js';
import { timingSafeEqual } from './timing-safe-equal.js';

/** The steps of signature construction, named as in the `/test` endpoint's mismatch body. */
export type StepName =
  | 'base_url'
  | 'nonce'
  | 'parameter_string'
  | 'request_method'
  | 'signature'
  | 'signature_base_string'
  | 'signing_key'
  | 'signing_secret'
  | 'token';

/** The value of every step, as the server computed it. */
export type SignatureSteps = Record<StepName, string>;

/** What `signing_key`, `signing_secret` and `token` show unless `revealSecrets` is set. */
export const REDACTED = '[redacted]';

/**
 * A request to verify: a Fetch `Request` (its form body is read from a clone, so the original stays
 * readable), or a plain object whose `body` is the form body exactly as {@link sign} takes it.
 */
export type VerifiableRequest =
  | Request
  | {
      readonly method: string;
      readonly url: string | URL;
      readonly headers: HeadersInit;
      readonly body?: SignBody | null | undefined;
    };

/** What the server knows. */
export interface VerifyCredentials {
  /** The signing secret of the client application that sent the request. */
  readonly signingSecret: string;
  /**
   * The access token the request must carry. Leave it out to sign with the token from the
   * `Authorization: Bearer` header (and check the token itself elsewhere).
   */
  readonly accessToken?: string | undefined;
}

/** Options of {@link verify}. */
export interface VerifyOptions {
  /**
   * Put the real signing secret, token and signing key into `steps` instead of `[redacted]`. Only for
   * a published test secret such as the `/test` endpoint's `TestSigningSecret`. Default `false`.
   */
  readonly revealSecrets?: boolean | undefined;
  /**
   * The steps the client says it computed (for example from a {@link sign} result, or pasted from a
   * debugging session). When given, `mismatch` names the first step that differs.
   */
  readonly client?: Partial<SignatureSteps> | undefined;
}

/** The outcome of {@link verify}. */
export interface VerifyResult {
  /** Whether `X-Signature` matches the signature computed here. */
  readonly valid: boolean;
  /** The server's view of each step; secrets `[redacted]` unless `revealSecrets`. */
  readonly steps: SignatureSteps;
  /**
   * `null` when valid. Otherwise the step known to differ: `token`, `nonce` or `signature` when that
   * header is missing (or the token is not the expected one); with `client` steps, the first step that
   * differs from them; else `signature`, since the server cannot see the client's intermediate strings.
   */
  readonly mismatch: StepName | null;
}

/**
 * Verifies a signed request on the server: recomputes the base string from method, URL, query and form
 * body, signs it with the signing secret and the bearer token, and compares with `X-Signature` in
 * constant time (a trailing newline or spaces on the header are ignored).
 *
 * @param request - A Fetch `Request` or a plain `{ method, url, headers, body }`.
 * @param credentials - The app's signing secret and optionally the expected access token.
 * @param options - `revealSecrets` (default `false`) and `client` steps to diff against.
 * @returns `valid`, every step as computed here, and the step that differs.
 * @throws SignerError `INVALID_URL`, `MALFORMED_ENCODING`, `MISSING_CREDENTIALS` or `CRYPTO_FAILED`.
 * @example
 * ```ts
 * import { verify } from '@acctkit/signer';
 * export default {
 *   async fetch(request: Request): Promise<Response> {
 *     const v = await verify(request, { signingSecret: 'TestSigningSecret' }, { revealSecrets: true });
 *     return v.valid ? new Response('ok') : Response.json({ error: 'invalid_signature', ...v.steps }, { status: 400 });
 *   },
 * };
 * ```
 */
export async function verify(
  request: VerifiableRequest,
  credentials: VerifyCredentials,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const headers = new Headers(request.headers);
  const isRequest = request instanceof Request;
  const body = isRequest
    ? request.body && isForm(headers)
      ? await request.clone().text()
      : null
    : request.body;
  // Headers strip leading and trailing whitespace, so a newline some clients append is already gone.
  const sent = headers.get('x-signature');
  const nonce = headers.get('x-nonce');
  const bearer = /^Bearer +(\S+)/i.exec(headers.get('authorization') ?? '')?.[1];
  const token = credentials.accessToken ?? bearer ?? '';
  const key = signingKey(credentials.signingSecret, token, false);
  const base = signatureBase(request.method, request.url, body, nonce ?? '');
  const signature = await hmacSha1(key, base.baseString);
  // In the order the steps are built, so that the first difference found is the cause.
  const ours: SignatureSteps = {
    token,
    request_method: request.method.toUpperCase(),
    base_url: base.baseUrl,
    parameter_string: base.parameterString,
    nonce: nonce ?? '',
    signature_base_string: base.baseString,
    signing_secret: credentials.signingSecret,
    signing_key: key,
    signature,
  };
  const tokenOk = bearer !== undefined && timingSafeEqual(bearer, token);
  const valid = tokenOk && nonce !== null && sent !== null && timingSafeEqual(sent, signature);
  // What the client sent or says it computed (its own nonce, if it reports one, else the header's). The
  // token was compared above in constant time; only the outcome enters here.
  const theirs: Partial<Record<StepName, unknown>> = {
    nonce,
    ...options.client,
    token: tokenOk && token,
    signature: sent,
  };
  const mismatch = valid
    ? null
    : ((Object.keys(ours) as StepName[]).find((s) => s in theirs && theirs[s] !== ours[s]) ?? 'signature');
  return {
    valid,
    steps: options.revealSecrets
      ? ours
      : { ...ours, signing_key: REDACTED, signing_secret: REDACTED, token: REDACTED },
    mismatch,
  };
}
