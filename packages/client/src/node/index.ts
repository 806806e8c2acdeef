// Everything exported from this file is public API of `@acctkit/client/node` (Node only).

export {
  type AppConfig,
  type AppProfile,
  appConfigFile,
  type LoadAppConfigOptions,
  type LoadedAppConfig,
  loadAppConfig,
} from './app-config.js';
export { AppConfigError, type AppConfigFailure } from './app-config-error.js';
export { type AppSecrets, appSecretsFor } from './app-secrets.js';
export {
  type ConnectionStore,
  type ConnectionStoreOptions,
  type ConnectionTokenManagerOptions,
  openConnectionStore,
} from './connection-store.js';
export { ConnectionStoreError, type ConnectionStoreFailure } from './connection-store-error.js';
export {
  checkConnectionName,
  defaultConnectionsFile,
  type StoredConnection,
} from './connection-store-file.js';
export { type FileLockOptions, withFileLock } from './file-lock.js';
export { createFileTokenStore } from './file-token-store.js';
export {
  type LoopbackRedirect,
  type LoopbackRedirectOptions,
  listenForRedirect,
} from './loopback-redirect.js';
export { missingSandboxMessage } from './missing-sandbox-message.js';
export { SANDBOX_DEMO_APP } from './sandbox-demo-app.js';
export { writeAtomic } from './write-atomic.js';
