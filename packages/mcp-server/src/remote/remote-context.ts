import type { Vault, VaultStorage } from '@acctkit/token-vault';
import type { ResolvedConfig } from './remote-config.js';
import type { MacKey } from './secrets.js';

/** Everything the routes share: configuration, storage, the vault of upstream tokens and keys. */
export interface RemoteContext {
  readonly config: ResolvedConfig;
  /** Grants, codes, issued tokens' hashes, clients, pending sign-ins, rate windows: all with expiries. */
  readonly storage: VaultStorage;
  /** Each grant's upstream tokens, sealed, under the grant's id; refreshed once across instances. */
  readonly vault: Vault;
  /** Signs consent cookies and consent-form requests. */
  readonly mac: MacKey;
  /** Whether cookies get `Secure` (https public URL). */
  readonly secureCookies: boolean;
}
