// Everything exported from this file is public API; everything else is internal.
export { dmyToIso, isoToDmy, isValidIsoDate, parseDmyDate, parseIsoDate } from '@acctkit/openapi/formats';
export {
  AccountingError,
  type AccountingErrorCode,
  type AnyAccountingError,
  HttpError,
  isAccountingError,
  OAuthError,
  VariantMismatchError,
} from './accounting-error.js';
export {
  type AccountingClient,
  type ClientOptions,
  type ClientSettings,
  createClient,
  type VariantClient,
} from './create-client.js';
export { addDecimals, compareDecimals, isDecimal, sumDecimals } from './decimal.js';
export { type Diagnosis, diagnosesOf } from './diagnoses.js';
export { type LockedRefreshOptions, lockedRefreshFetch } from './locked-refresh-fetch.js';
export { type AuthorizationUrlOptions, authorizationUrl } from './oauth/authorization-url.js';
export { exchangeCode, refresh } from './oauth/exchange-code.js';
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
export type { ClientAuth, Sleep, TransportSettings } from './transport.js';
export { type CallResult, unwrap } from './unwrap.js';
export { type PathsOf, type Variant, variantFromCountry } from './variant.js';
