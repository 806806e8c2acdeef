// Everything exported from this file is public API; everything else is internal.
export { createNonce } from './create-nonce.js';
export {
  type CredentialsSource,
  createSignedFetch,
  type SignedFetch,
  type SignedFetchOptions,
} from './create-signed-fetch.js';
export type { Credentials } from './credentials.js';
export { encodeForm, type SignBody } from './encode-form.js';
export { percentEncode } from './percent-encode.js';
export {
  type HmacSha1,
  type SignedHeaders,
  type SignInput,
  type SignResult,
  sign,
} from './sign.js';
export { signRequest } from './sign-request.js';
export { type AnySignerError, SignerError, type SignerErrorCode } from './signer-error.js';
export { TEST_SIGNING_SECRET } from './test-signing-secret.js';
export { timingSafeEqual } from './timing-safe-equal.js';
export {
  REDACTED,
  type SignatureSteps,
  type StepName,
  type VerifiableRequest,
  type VerifyCredentials,
  type VerifyOptions,
  type VerifyResult,
  verify,
} from './verify.js';
