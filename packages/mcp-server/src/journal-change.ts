import type { ChangeOperation } from '@acctkit/client';
import { type RecordKind, recordToolName } from './record-kinds.js';
import type { ToolContext } from './tool-definition.js';

/** A change the service accepted, as a record tool saw it. */
export interface AcceptedChange {
  readonly operation: ChangeOperation;
  readonly recordId: number;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
  readonly status: number;
}

/**
 * Appends a change to the business's journal, naming the caller. The change already happened: a
 * journal that cannot be written is logged as an error, and the tool still reports the change.
 */
export async function journalChange(
  context: ToolContext,
  kind: RecordKind,
  change: AcceptedChange,
): Promise<void> {
  const journal = context.connection.journal;
  if (!journal) return;
  try {
    await journal.append({
      business: context.connection.name,
      ...(context.caller.client && { client: context.caller.client }),
      ...(context.caller.oauthClientId !== undefined && { oauthClientId: context.caller.oauthClientId }),
      tool: recordToolName(kind, change.operation),
      kind: kind.name,
      ...change,
    });
  } catch (error) {
    context.log.log('error', `the change journal of '${context.connection.name}' could not be written`, {
      business: context.connection.name,
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}
