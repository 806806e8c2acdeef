// Everything exported from this file is public API of `@acctkit/token-vault/workers` (Cloudflare Workers).
export { createDurableObjectStorage, VaultObject } from './vault-object.js';
