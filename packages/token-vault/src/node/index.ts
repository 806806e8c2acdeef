// Everything exported from this file is public API of `@acctkit/token-vault/node` (Node only).
export { createSqliteStorage, type SqliteStorage, type SqliteStorageOptions } from './sqlite-storage.js';
