// Everything exported from this file is public API of `@acctkit/client/node` (Node only).
export {
  type ConnectionStore,
  type ConnectionStoreOptions,
  type ConnectionTokenManagerOptions,
  openConnectionStore,
} from './connection-store.js';
export { ConnectionStoreError, type ConnectionStoreFailure } from './connection-store-error.js';
export { defaultConnectionsFile, type StoredConnection } from './connection-store-file.js';
export { createFileTokenStore } from './file-token-store.js';
