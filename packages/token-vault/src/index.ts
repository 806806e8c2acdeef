// Everything exported from this file is public API; everything else is internal.
export { base64url, fromBase64url } from './base64url.js';
export {
  createVault,
  type SaveOptions,
  type Vault,
  type VaultOptions,
  type VaultUpstream,
} from './create-vault.js';
export {
  createKeyRing,
  type EncryptionKey,
  generateKeyText,
  type KeyRing,
  parseKeyRing,
} from './key-ring.js';
export { createMemoryStorage, type MemoryStorage } from './memory-storage.js';
export { type AnyVaultError, isVaultError, VaultError, type VaultErrorCode } from './vault-error.js';
export {
  type KeyChange,
  type KeyLockOptions,
  putKey,
  type SetOptions,
  takeKey,
  updateKey,
  type VaultStorage,
  type Versioned,
  withKeyLock,
} from './vault-storage.js';
