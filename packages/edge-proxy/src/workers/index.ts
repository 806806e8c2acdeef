// Everything exported from this file is public API of `@acctkit/edge-proxy/workers` (Cloudflare Workers).
export { VaultObject } from '@acctkit/token-vault/workers';
export { createWorkersProxy, handleWorkerFetch } from './create-workers-proxy.js';
export type { ProxyWorkerEnv } from './durable-object-types.js';
