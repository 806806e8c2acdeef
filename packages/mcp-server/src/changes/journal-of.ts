import type { ChangeJournal } from '@acctkit/change-journal';
import type { ToolContext } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';

/** The journal of the call's business; a `NOT_FOUND` failure when the server was started without one. */
export function journalOf(context: ToolContext): ChangeJournal {
  const journal = context.connection.journal;
  if (journal) return journal;
  throw new ToolFailure({
    code: 'NOT_FOUND',
    message: `Business '${context.connection.name}' keeps no change journal: this server was started without one.`,
    business: context.connection.name,
  });
}
