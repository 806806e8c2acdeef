// Everything exported from this file is public API; everything else is internal.
export {
  AccountingError,
  type AccountingErrorCode,
  HttpError,
  OAuthError,
} from './accounting-error.js';
export {
  type AccountingClient,
  type ClientOptions,
  createClient,
  type VariantClient,
} from './create-client.js';
export { dmyToIso, isoToDmy, isValidIsoDate } from './dates.js';
export { addDecimals, compareDecimals, isDecimal, sumDecimals } from './decimal.js';
export { type Diagnosis, diagnosesOf } from './diagnoses.js';
export { formBody } from './form-body.js';
export { type AuthorizationUrlOptions, authorizationUrl } from './oauth/authorization-url.js';
export { exchangeCode, oauth, refresh } from './oauth/index.js';
export { type CallbackResult, parseCallback } from './oauth/parse-callback.js';
export type {
  TokenEndpointOptions,
  TokenErrorBody,
  TokenResponse,
  TokenResult,
} from './oauth/token-request.js';
export type { ListItem, ListPath, PageArgs, PaginateOptions } from './paginate.js';
export { parseRetryAfter, type RetryPolicy, retryDelay } from './retry-delay.js';
export {
  createTokenManager,
  type TokenManager,
  type TokenManagerOptions,
  toTokenSet,
} from './token-manager.js';
export { createMemoryTokenStore, type TokenSet, type TokenStore } from './token-store.js';
export type { Sleep } from './transport.js';
export { type CallResult, unwrap } from './unwrap.js';
export { type PathsOf, type Variant, variantFromCountry } from './variant.js';
