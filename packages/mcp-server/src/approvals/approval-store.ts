import { putKey, takeKey, type VaultStorage } from '@acctkit/token-vault';
import { randomToken, sha256 } from '../crypto.js';

/** How long a card's approval stays valid: 10 minutes. */
export const APPROVAL_TTL_MS: number = 10 * 60 * 1000;

/** A change that waits for the card's answer: the call to run again once approved. */
export interface PendingApproval {
  readonly tool: string;
  readonly business: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** A digest of what the card showed: the call runs only if it would do exactly that. */
  readonly shown: string;
  /** The OAuth client of the grant the call came through (remote server): only it may answer. */
  readonly oauthClientId?: string | undefined;
}

const keyOf = async (token: string): Promise<string> => `approval:${await sha256(token)}`;

/** The digest of what a confirmation shows (the action and its details). */
export function shownDigest(summary: string): Promise<string> {
  return sha256(summary);
}

/** Stores a pending approval for 10 minutes; resolves to its single-use token (only its hash is stored). */
export async function holdApproval(storage: VaultStorage, pending: PendingApproval): Promise<string> {
  const token = randomToken('', 24);
  await putKey(storage, await keyOf(token), pending, Date.now() + APPROVAL_TTL_MS);
  return token;
}

/**
 * Takes a pending approval (once) for the OAuth client that answers: `undefined` when the token is
 * unknown, used or expired, or when the approval was asked for through another OAuth client, whose
 * approval then stays pending for its owner.
 */
export async function takeApproval(
  storage: VaultStorage,
  token: string,
  oauthClientId: string | undefined,
): Promise<PendingApproval | undefined> {
  const key = await keyOf(token);
  const found = await storage.get<PendingApproval | null>(key);
  // Checked before the take: a wrong caller's attempt must not consume the owner's approval. The key
  // is a fresh random token's, written once, so what is taken is what was checked (or nothing).
  if (!found?.value || found.value.oauthClientId !== oauthClientId) return undefined;
  return takeKey<PendingApproval>(storage, key);
}
