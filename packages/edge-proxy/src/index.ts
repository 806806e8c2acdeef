// Everything exported from this file is public API; everything else is internal.
export { createProxy } from './create-proxy.js';
export type { HealthStatus } from './health-route.js';
export { type LogSink, redact } from './json-logger.js';
export { type MatchedRoute, matchRoute } from './match-route.js';
export type { ProxyEnv } from './proxy-env.js';
export { ProxyError, type ProxyErrorCode } from './proxy-error.js';
export { hashKey } from './proxy-keys.js';
export type { ProxyOptions, UpstreamOptions } from './proxy-options.js';
export type { ConnectionRecord, KeyRecord, KeyScope, ProxyVariant } from './proxy-store.js';
export type { RateLimit } from './rate-limiter.js';
