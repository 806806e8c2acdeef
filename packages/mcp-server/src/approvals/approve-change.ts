import type { VaultStorage } from '@acctkit/token-vault';
import type { CallToolResult, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { appOnlyToolMeta } from '../apps/cards.js';
import { problemsOf } from '../argument-problems.js';
import type { JsonSchema } from '../json-schema.js';
import type { SignedIn } from '../server-options.js';
import type { RunTool, ToolEntry } from '../tool-entry.js';
import { errorResult } from '../tool-result.js';
import { objectSchema, toZod, withoutStrictness } from '../tool-schema.js';
import type { ArgumentsOfSchema } from '../typed-schema.js';
import { takeApproval } from './approval-store.js';

/** The app-only tool the approval card calls with the user's decision. */
export const APPROVE_CHANGE = 'approve_change';

const input = objectSchema(
  {
    approval: { type: 'string', minLength: 1, maxLength: 100, description: 'Token from the card.' },
    decision: { type: 'string', enum: ['approve', 'cancel'], description: "The user's decision." },
  },
  ['approval', 'decision'],
);

/** The input schema of `approve_change`. */
export const APPROVE_CHANGE_INPUT: JsonSchema = input;

/** `approve_change` as listed to clients that render MCP Apps: called by the approval card only. */
export const APPROVE_CHANGE_TOOL: Tool = {
  name: APPROVE_CHANGE,
  title: 'Approve or cancel a change',
  description: "The approval card's answer: runs or drops the change; the card calls it, not the model.",
  // Listed as every input is (MC30); each call is checked against the full schema.
  inputSchema: withoutStrictness(APPROVE_CHANGE_INPUT) as Tool['inputSchema'],
  outputSchema: {
    type: 'object',
    properties: { status: { type: 'string' }, message: { type: 'string' } },
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  _meta: { ...appOnlyToolMeta() },
};

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
  // zod's result is untyped; it was checked against this schema just above.
  const { approval, decision } = parsed.data as ArgumentsOfSchema<typeof input>;
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
