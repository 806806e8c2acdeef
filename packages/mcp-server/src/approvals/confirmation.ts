import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { businessProfileOf } from '../business-profile-of.js';
import type { JsonSchema } from '../json-schema.js';
import { InputNeeded, type ToolContext } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import { ApprovalNeeded, type ApprovalView } from './approval-needed.js';
import { holdApproval, shownDigest } from './approval-store.js';

/** The `confirm` argument of deletes and amount-changing updates. */
export const CONFIRM_ARGUMENT: JsonSchema & { readonly type: 'boolean' } = {
  type: 'boolean',
  description: 'true once the user agreed.',
};

/** What the user decided. */
export type Decision = 'confirmed' | 'declined' | 'cancelled';

/** The key of the confirmation form among a call's input requests. */
const FORM = 'confirm';

/** The record before and after a change, as the approval card shows it. */
export type ChangeCard = Pick<ApprovalView, 'kind' | 'id' | 'before' | 'after'>;

/**
 * Asks the user to confirm a change. With a client that renders MCP Apps, the call answers with the
 * approval card's data and waits for its Approve or Cancel (`approve_change` runs the call again, and
 * it goes on only if it would still do what the card showed). With a client that shows forms, the call
 * answers with a form (an input request on 2026-07-28, an `elicitation/create` request on older
 * versions) and runs again with the answer: decline or cancel → nothing changes. Otherwise the call
 * needs `confirm: true`, failing with `CONFIRMATION_REQUIRED` whose message says why no form was shown
 * (the client declared none, or the connection cannot carry one).
 *
 * @param action - What will happen, e.g. `Delete expense 12`.
 * @param details - What the user sees: name, date, amounts, before and after.
 * @param card - The record before and after, for the approval card.
 * @throws InputNeeded when the form has not been answered yet.
 * @throws ApprovalNeeded when the card has not been answered yet.
 */
export async function confirmChange(
  context: ToolContext,
  confirm: boolean | undefined,
  action: string,
  details: Readonly<Record<string, unknown>>,
  card: ChangeCard,
): Promise<Decision> {
  const lines = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const { businessName } = await businessProfileOf(context.connection);
  const title = `${action} in business '${context.connection.name}' (${businessName})`;
  const summary = `${title}?\n${lines.join('\n')}`;
  if (context.approvals) {
    const shown = await shownDigest(summary);
    if (context.approvals.approved !== undefined) {
      if (context.approvals.approved === shown) return 'confirmed';
      throw new ToolFailure({
        code: 'RECORD_CHANGED',
        message: `${title}: the record changed after the card was shown, so the approval does not cover what would happen now. Nothing was changed; call ${context.call.tool} again to show the new values.`,
        business: context.connection.name,
      });
    }
    const token = await holdApproval(context.approvals.storage, {
      tool: context.call.tool,
      business: context.connection.name,
      arguments: context.call.arguments,
      shown,
      ...(context.caller.oauthClientId !== undefined && { oauthClientId: context.caller.oauthClientId }),
    });
    throw new ApprovalNeeded(
      {
        action: title,
        business: context.connection.name,
        ...card,
        changed: changedFields(card.before, card.after),
      },
      token,
    );
  }
  if (context.form) {
    const answer = inputResponse(context.form.responses, FORM);
    if (answer.kind === 'elicit') {
      if (answer.action === 'cancel') return Promise.resolve('cancelled');
      return Promise.resolve(
        answer.action === 'accept' && answer.content?.confirm === true ? 'confirmed' : 'declined',
      );
    }
    throw new InputNeeded(
      inputRequired({
        inputRequests: {
          [FORM]: inputRequired.elicit({
            message: summary,
            requestedSchema: {
              type: 'object',
              properties: {
                confirm: { type: 'boolean', title: action, description: 'Tick to go ahead.', default: false },
              },
              required: ['confirm'],
            },
          }),
        },
      }),
    );
  }
  if (confirm === true) return Promise.resolve('confirmed');
  const why =
    context.formUnavailable === 'client'
      ? 'the client declared no form support (elicitation)'
      : 'this connection cannot carry a confirmation form to the client';
  throw new ToolFailure({
    code: 'CONFIRMATION_REQUIRED',
    message: `This change needs the user's confirmation, and no form was shown: ${why}. Show the user: "${[title, ...lines].join('; ')}". If they agree, call again with confirm: true.`,
    business: context.connection.name,
    fields: [{ field: 'confirm', problem: 'must be true, after the user agreed' }],
  });
}

/** The result text of a change the user did not confirm. */
export function notConfirmed(decision: Exclude<Decision, 'confirmed'>, action: string): string {
  return `${action}: the user ${decision === 'declined' ? 'declined' : 'cancelled'}; nothing was changed.`;
}

/** The fields whose values differ between the record before and after (all of one side's when the other is missing). */
function changedFields(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): string[] {
  if (!before || !after) return Object.keys(before ?? after ?? {});
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}
