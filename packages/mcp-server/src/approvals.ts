import { putKey, takeKey, type VaultStorage } from '@acctkit/token-vault';
import type { JsonSchema } from './json-schema.js';
import { randomToken, sha256 } from './remote/secrets.js';

/** The key of a result's `_meta` that carries the approval token to the card (and not to the model). */
export const APPROVAL_META_KEY = 'io.acctkit/approval';

/** How long a card's approval stays valid: 10 minutes. */
export const APPROVAL_TTL_MS: number = 10 * 60 * 1000;

/** The app-only tool the approval card calls with the user's decision. */
export const APPROVE_CHANGE = 'approve_change';

/** What the card shows of a change that waits for the user. */
export interface ApprovalView {
  /** What will happen: `Delete expense 12 in business 'de' (Muster GmbH)`. */
  readonly action: string;
  readonly business: string;
  /** The record kind (`expenses`). */
  readonly kind: string;
  readonly id: number | null;
  /** The record now (`null` for a re-create). */
  readonly before: Readonly<Record<string, unknown>> | null;
  /** The record after the change (`null` for a delete). */
  readonly after: Readonly<Record<string, unknown>> | null;
  /** The fields that change. */
  readonly changed: readonly string[];
}

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

/**
 * Thrown by a confirmation on a client that renders MCP Apps: the call answers with the approval card's
 * data (`status: "approval_pending"`) and the token of the pending approval in `_meta`.
 */
export class ApprovalNeeded {
  constructor(
    readonly view: ApprovalView,
    readonly token: string,
  ) {}
}

/** Where a server keeps pending approvals, and what a call run from an approved card carries. */
export interface ApprovalChannel {
  readonly storage: VaultStorage;
  /** Set when the call runs from an approved card: the digest of what the card showed. */
  readonly approved?: string | undefined;
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

/** Takes a pending approval (once); `undefined` when the token is unknown, used or expired. */
export async function takeApproval(
  storage: VaultStorage,
  token: string,
): Promise<PendingApproval | undefined> {
  return takeKey<PendingApproval>(storage, await keyOf(token));
}

/** The input schema of `approve_change`. */
export const APPROVE_CHANGE_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    approval: { type: 'string', minLength: 1, maxLength: 100, description: 'Token from the card.' },
    decision: { type: 'string', enum: ['approve', 'cancel'], description: "The user's decision." },
  },
  required: ['approval', 'decision'],
  additionalProperties: false,
};
