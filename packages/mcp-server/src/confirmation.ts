import type { JsonSchema } from './json-schema.js';
import type { ToolContext } from './tool-definition.js';
import { ToolFailure } from './tool-failure.js';

/** The `confirm` argument of deletes and amount-changing updates. */
export const CONFIRM_ARGUMENT: JsonSchema = {
  type: 'boolean',
  description: 'true once the user agreed.',
};

/** What the user decided. */
export type Decision = 'confirmed' | 'declined' | 'cancelled';

/**
 * Asks the user to confirm a change: through a form when the client supports elicitation (decline or
 * cancel → nothing changes), else by requiring `confirm: true`, failing with `CONFIRMATION_REQUIRED`.
 *
 * @param action - What will happen, e.g. `Delete expense 12`.
 * @param details - What the user sees: name, date, amounts, before and after.
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
  const summary = `${action} in business '${context.connection.name}' (${context.connection.businessName})?\n${lines.join('\n')}`;
  if (context.elicit) {
    let answer: Awaited<ReturnType<typeof context.elicit>>;
    try {
      answer = await context.elicit({
        message: summary,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: action, description: 'Tick to go ahead.', default: false },
          },
          required: ['confirm'],
        },
      });
    } catch (error) {
      // The form failed or timed out: the user did not agree, so nothing changes.
      context.log.log('warning', 'confirmation form failed', {
        business: context.connection.name,
        cause: error instanceof Error ? error.message : String(error),
      });
      return 'cancelled';
    }
    if (answer.action === 'cancel') return 'cancelled';
    return answer.action === 'accept' && answer.content?.confirm === true ? 'confirmed' : 'declined';
  }
  if (confirm === true) return 'confirmed';
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
