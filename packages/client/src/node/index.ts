// Everything exported from this file is public API of `@acctkit/client/node` (Node only).
export { createFileTokenStore } from './file-token-store.js';
