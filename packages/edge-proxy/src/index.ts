// Everything exported from this file is public API; everything else is internal.
export { createProxy } from './create-proxy.js';
export { type LogSink, redact } from './json-logger.js';
export { type MatchedRoute, matchRoute } from './match-route.js';
export type { ProxyEnv } from './proxy-env.js';
export { ProxyError, type ProxyErrorCode } from './proxy-error.js';
export { hashKey } from './proxy-keys.js';
export type { ProxyOptions } from './proxy-options.js';
export {
  type ConnectionRecord,
  createMemoryStorage,
  type KeyRecord,
  type KeyScope,
  type ProxyStorage,
  type ProxyVariant,
} from './proxy-storage.js';
export type { RateLimit } from './rate-limiter.js';
export {
  createTokenBroker,
  type TokenBroker,
  type TokenBrokerOptions,
  type UpstreamOptions,
} from './token-broker.js';
