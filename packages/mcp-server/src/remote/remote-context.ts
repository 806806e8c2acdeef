import type { UpstreamTokens } from './grant-records.js';
import type { ResolvedConfig } from './remote-config.js';
import type { RemoteStorage } from './remote-storage.js';
import type { MacKey } from './secrets.js';
import type { TokenCipher } from './token-cipher.js';
import type { Upstream } from './upstream.js';

/** Everything the routes share: configuration, storage, keys and the upstream client. */
export interface RemoteContext {
  readonly config: ResolvedConfig;
  readonly storage: RemoteStorage;
  readonly cipher: TokenCipher;
  /** Signs consent cookies and consent-form requests. */
  readonly mac: MacKey;
  readonly upstream: Upstream;
  /** Upstream refreshes under way in this instance, by grant id. */
  readonly inflight: Map<string, Promise<UpstreamTokens>>;
  /** Whether cookies get `Secure` (https public URL). */
  readonly secureCookies: boolean;
}
