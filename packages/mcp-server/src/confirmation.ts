import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { businessProfileOf } from './business-profile-of.js';
import type { JsonSchema } from './json-schema.js';
import { InputNeeded, type ToolContext } from './tool-definition.js';
import { ToolFailure } from './tool-failure.js';

/** The `confirm` argument of deletes and amount-changing updates. */
export const CONFIRM_ARGUMENT: JsonSchema = {
  type: 'boolean',
  description: 'true once the user agreed.',
};

/** What the user decided. */
export type Decision = 'confirmed' | 'declined' | 'cancelled';

/** The key of the confirmation form among a call's input requests. */
const FORM = 'confirm';

/**
 * Asks the user to confirm a change. With a client that shows forms, the call answers with a form
 * (an input request on 2026-07-28, an `elicitation/create` request on older versions) and runs again
 * with the answer: decline or cancel → nothing changes. Otherwise the call needs `confirm: true`,
 * failing with `CONFIRMATION_REQUIRED`.
 *
 * @param action - What will happen, e.g. `Delete expense 12`.
 * @param details - What the user sees: name, date, amounts, before and after.
 * @throws InputNeeded when the form has not been answered yet.
 */
export async function confirmChange(
  context: ToolContext,
  confirm: unknown,
  action: string,
  details: Readonly<Record<string, unknown>>,
): Promise<Decision> {
  const lines = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const { businessName } = await businessProfileOf(context.connection);
  const summary = `${action} in business '${context.connection.name}' (${businessName})?\n${lines.join('\n')}`;
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
  throw new ToolFailure({
    code: 'CONFIRMATION_REQUIRED',
    message: `This change needs the user's confirmation and the client cannot show a form. Show the user: "${summary.replace(/\n/g, '; ')}". If they agree, call again with confirm: true.`,
    business: context.connection.name,
    fields: [{ field: 'confirm', problem: 'must be true, after the user agreed' }],
  });
}

/** The result text of a change the user did not confirm. */
export function notConfirmed(decision: Exclude<Decision, 'confirmed'>, action: string): string {
  return `${action}: the user ${decision === 'declined' ? 'declined' : 'cancelled'}; nothing was changed.`;
}
