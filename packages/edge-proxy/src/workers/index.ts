// Everything exported from this file is public API of `@acctkit/edge-proxy/workers` (Cloudflare Workers).
export { createWorkersProxy, handleWorkerFetch } from './create-workers-proxy.js';
export { durableObjectBroker, durableObjectStorage } from './durable-object-storage.js';
export type {
  DurableObjectNamespaceLike,
  DurableObjectStateLike,
  DurableObjectStorageLike,
  DurableObjectStubLike,
  ProxyWorkerEnv,
} from './durable-object-types.js';
export { ProxyConnection } from './proxy-connection.js';
export { ProxyRegistry } from './proxy-registry.js';
