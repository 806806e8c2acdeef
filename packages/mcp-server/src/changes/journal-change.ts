import type { ChangeEntry, ChangeOperation } from '@acctkit/change-journal';
import { type RecordKind, recordToolName } from '../record-kinds.js';
import type { ToolContext } from '../tool-definition.js';

/** A change the service accepted, as a record tool saw it. */
export interface AcceptedChange {
  readonly operation: ChangeOperation;
  readonly recordId: number;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
  readonly status: number;
  /** The tool that made it, when it is not the kind's own tool of the operation (`undo_change`). */
  readonly tool?: string | undefined;
  /** A create's arguments, for the duplicate guard. */
  readonly arguments?: Readonly<Record<string, unknown>> | undefined;
  readonly idempotencyKey?: string | undefined;
  /** The entry this change undid. */
  readonly undoOf?: string | undefined;
}

/**
 * Appends a change to the business's journal, naming the caller; resolves to the entry, or to
 * `undefined` when the business keeps no journal or it could not be written. The change already
 * happened: a journal that cannot be written is logged as an error, and the tool still reports the change.
 */
export async function journalChange(
  context: ToolContext,
  kind: RecordKind,
  { tool, ...change }: AcceptedChange,
): Promise<ChangeEntry | undefined> {
  const journal = context.connection.journal;
  if (!journal) return undefined;
  const { client, oauthClientId, user } = context.caller;
  try {
    return await journal.append({
      business: context.connection.name,
      ...(client && { client }),
      ...(oauthClientId !== undefined && { oauthClientId }),
      ...(user !== undefined && { user }),
      tool: tool ?? recordToolName(kind, change.operation),
      kind: kind.name,
      ...change,
    });
  } catch (error) {
    context.log.log('error', `the change journal of '${context.connection.name}' could not be written`, {
      business: context.connection.name,
      cause: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}
