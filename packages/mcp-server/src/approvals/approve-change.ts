import { putKey, takeKey, type VaultStorage } from '@acctkit/token-vault';
import type { CallToolResult, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { APPROVAL_CARD_URI, appToolMeta } from './apps/cards.js';
import { problemsOf } from './argument-problems.js';
import { randomToken, sha256 } from './crypto.js';
import type { JsonSchema } from './json-schema.js';
import type { SignedIn } from './server-options.js';
import type { RunTool, ToolEntry } from './tool-entry.js';
import { errorResult } from './tool-result.js';
import { toZod } from './tool-schema.js';

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

/** An approval card tool's output schema, with the `approval_pending` status and the card's data. */
export function pendingOutput(schema: JsonSchema): JsonSchema {
  const properties = schema.properties ?? {};
  const status = properties.status ?? {};
  return {
    ...schema,
    properties: {
      ...properties,
      status: { ...status, enum: [...(status.enum ?? []), 'approval_pending'] },
      approval: { type: 'object' },
    },
  };
}

/** `approve_change` as listed to clients that render MCP Apps: called by the approval card only. */
export const APPROVE_CHANGE_TOOL: Tool = {
  name: APPROVE_CHANGE,
  title: 'Approve or cancel a change',
  description:
    "The approval card's answer: runs the change the user approved, or drops it. Called by the card, not by the model.",
  inputSchema: APPROVE_CHANGE_INPUT as Tool['inputSchema'],
  outputSchema: {
    type: 'object',
    properties: { status: { type: 'string' }, message: { type: 'string' }, record: { type: 'object' } },
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  _meta: { ...appToolMeta(APPROVAL_CARD_URI, ['app']) },
};

/**
 * A change that waits for the approval card: the card's data as the result, the approval's token in
 * `_meta` (for the card; hosts give the model the content and structured content).
 */
export function pendingResult(needed: ApprovalNeeded): CallToolResult {
  const data = {
    status: 'approval_pending',
    message: `${needed.view.action}: waiting for the user to approve or cancel on the card. Nothing has changed yet; the card will report the outcome.`,
    approval: needed.view,
  };
  return {
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: data,
    _meta: { [APPROVAL_META_KEY]: { token: needed.token } },
  };
}

let approveChangeSchema: z.ZodType | undefined;

/** The check of `approve_change`'s arguments, from its listed schema, built once. */
function approveChangeArguments(): z.ZodType {
  approveChangeSchema ??= toZod(APPROVE_CHANGE_INPUT);
  return approveChangeSchema;
}

/**
 * `approve_change`: the approval card's answer. The pending change is taken (once: a second click or
 * an expired token finds nothing; another OAuth client's answer finds nothing and leaves it pending);
 * `cancel` drops it, `approve` runs the call again, which goes on only if it would do exactly what the
 * card showed. The remote server keys each grant's approvals apart (`grant-approvals.ts`), so another
 * grant of the same client finds nothing either.
 */
export async function approveChange(
  args: Record<string, unknown>,
  ctx: ServerContext,
  storage: VaultStorage,
  byName: ReadonlyMap<string, ToolEntry>,
  signedIn: SignedIn,
  run: RunTool,
): Promise<CallToolResult | InputRequiredResult> {
  const parsed = approveChangeArguments().safeParse(args);
  if (!parsed.success)
    return errorResult({
      code: 'INVALID_ARGUMENTS',
      message: "approve_change takes the card's approval token and decision 'approve' or 'cancel'.",
      fields: problemsOf(parsed.error),
    });
  const { approval, decision } = parsed.data as { approval: string; decision: 'approve' | 'cancel' };
  const pending = await takeApproval(storage, approval, signedIn.oauthClientId);
  const entry = pending && byName.get(pending.tool);
  if (!pending || !entry)
    return errorResult({
      code: 'NOT_FOUND',
      message:
        'This approval is unknown, was answered already or expired (after 10 minutes). Nothing was changed; ask for the change again.',
    });
  if (decision === 'cancel') {
    const data = { status: 'cancelled', message: `The user cancelled ${pending.tool}; nothing was changed.` };
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
  }
  return run(entry, { ...pending.arguments, business: pending.business }, ctx, pending.shown);
}
