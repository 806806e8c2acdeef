import type { VaultStorage } from '@acctkit/token-vault';

/** Where a server keeps pending approvals, and what a call run from an approved card carries. */
export interface ApprovalChannel {
  readonly storage: VaultStorage;
  /** Set when the call runs from an approved card: the digest of what the card showed. */
  readonly approved?: string | undefined;
}
