import type { ChangeEntry, ChangeJournal } from '@acctkit/change-journal';
import { CONFIRM_ARGUMENT, confirmChange, notConfirmed } from '../approvals/confirmation.js';
import { RECORD_KINDS } from '../record-kinds.js';
import { defineTool, type ToolContext, type ToolDefinition } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import { objectSchema } from '../tool-schema.js';
import { UNDO } from '../tools/annotations.js';
import { exclusively } from './create-guard.js';
import { journalOf } from './journal-of.js';
import { changesOf, planUndo, undoDetails, unsupported } from './undo-plan.js';

/** `undo_change`: takes a journal entry back, confirmed by the user like a delete. */
export const UNDO_CHANGE: ToolDefinition = defineTool({
  name: 'undo_change',
  title: 'Undo a change',
  description:
    'Takes back a list_changes entry once the user confirms; a deleted record returns with a new id.',
  toolset: 'changes',
  perBusiness: true,
  annotations: UNDO,
  card: 'approval',
  input: () =>
    objectSchema(
      {
        change: { type: 'string', minLength: 1, maxLength: 40, description: 'Entry id (list_changes).' },
        confirm: CONFIRM_ARGUMENT,
        dry_run: { type: 'boolean', description: 'Only show.' },
      },
      ['change'],
    ),
  output: () =>
    objectSchema(
      {
        status: { type: 'string', enum: ['undone', 'dry_run', 'declined', 'cancelled'] },
        message: { type: 'string' },
        record: { type: 'object' },
        // A dry run's `{ field, now, restore }` per field; a re-create's have `now: null`.
        changes: { type: 'array', items: { type: 'object' } },
        entry: { type: 'string' },
      },
      ['status'],
      false,
    ),
  run: async (args, context) => {
    const journal = journalOf(context);
    const id = args.change;
    const [entry] = (await journal.list({ id, limit: 1 })).entries;
    if (!entry)
      throw new ToolFailure({
        code: 'NOT_FOUND',
        message: `No journal entry '${id}' in business '${context.connection.name}' (it may be older than the journal keeps). list_changes shows the entries.`,
        business: context.connection.name,
        fields: [{ field: 'change', problem: 'no such entry', hint: 'Ids: list_changes.' }],
      });
    await notUndone(context, journal, entry);
    const kind = RECORD_KINDS.find((k) => k.name === entry.kind);
    if (!kind) throw unsupported(context, entry, `this server has no tools for ${entry.kind}`);
    const plan = await planUndo(context, kind, entry);
    if (args.dry_run === true)
      return {
        data: {
          status: 'dry_run',
          message: `${plan.action}. Nothing was changed: call again without dry_run to do it.`,
          record: plan.record,
          changes: changesOf(plan.shows),
        },
      };
    const decision = await confirmChange(
      context,
      args.confirm,
      plan.action,
      undoDetails(kind, plan),
      plan.card,
    );
    if (decision !== 'confirmed')
      return {
        data: { status: decision, message: notConfirmed(decision, plan.action), record: plan.record },
      };
    // Check, act and journal as one step that every process and instance sharing the journal waits
    // for: of undos racing for one entry, the first acts and the others find its entry.
    return exclusively(context, journal, 'undo', async () => {
      await notUndone(context, journal, entry);
      await plan.recheck?.();
      return plan.run();
    });
  },
});

/** Fails with `ALREADY_UNDONE`, naming the entry that undid it, once the journal holds one. */
async function notUndone(context: ToolContext, journal: ChangeJournal, entry: ChangeEntry): Promise<void> {
  const [undone] = (await journal.list({ undoOf: entry.id, limit: 1 })).entries;
  if (undone)
    throw new ToolFailure({
      code: 'ALREADY_UNDONE',
      message: `Entry ${entry.id} was undone at ${undone.at} (entry ${undone.id}: ${undone.operation} of ${undone.kind} ${undone.recordId}).`,
      business: context.connection.name,
      entry: undone.id,
    });
}
