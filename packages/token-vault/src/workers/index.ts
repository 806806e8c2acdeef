// Everything exported from this file is public API of `@acctkit/token-vault/workers` (Cloudflare Workers).
export { createDurableObjectStorage, type VaultNamespace, VaultObject } from './vault-object.js';
