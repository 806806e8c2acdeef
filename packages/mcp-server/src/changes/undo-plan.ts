import type { ChangeEntry } from '@acctkit/change-journal';
import type { ChangeCard } from '../approvals/confirmation.js';
import type { JsonSchema } from '../json-schema.js';
import { confirmationDetails, type RecordKind, recordToolName } from '../record-kinds.js';
import { recordLink } from '../records.js';
import type { ToolContext, ToolSuccess } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import { mergeVariantSchemas, topLevel, toZod } from '../tool-schema.js';
import { createRecord, deleteRecord, fetchRecord, updateRecord, wireBody } from '../tools/record-tools.js';
import { specSchemas } from '../tools/spec-schemas.js';
import { argumentsKey } from './create-guard.js';
import { journalChange } from './journal-change.js';
import { type FieldChange, restoreArguments, settableArguments } from './restore-arguments.js';

// How `undo_change` takes an entry back: what it sends (built from the spec's body schemas, never the
// record as fetched), what it shows before acting, and the checks that the record is as the entry left it.

/**
 * What an undo shows before it acts, in the dry run, the confirmation and the approval card alike:
 * field by field for an update it takes back, the fields a re-create sends, or nothing more than the
 * record for a delete.
 */
type UndoShows =
  | { readonly changes: readonly FieldChange[] }
  | { readonly fields: Readonly<Record<string, unknown>> }
  | Readonly<Record<string, never>>;

/** What an undo does: the request it sends and what the user confirms. */
export interface UndoPlan {
  readonly action: string;
  readonly shows: UndoShows;
  readonly card: ChangeCard;
  /** Checks, once the undo has its turn, that the record is still as planned. */
  readonly recheck?: () => Promise<void>;
  readonly run: () => Promise<ToolSuccess>;
  /** The record as it is now, or as it was when it no longer exists. */
  readonly record: Readonly<Record<string, unknown>>;
}

/** What the user confirms: the record's description, then what the undo changes or sends. */
export function undoDetails(kind: RecordKind, plan: UndoPlan): Record<string, unknown> {
  const shown = plan.shows;
  const described = confirmationDetails(kind, plan.record);
  if ('changes' in shown)
    return {
      ...described,
      ...Object.fromEntries(
        shown.changes.map((c) => [`${c.field} change`, `${display(c.now)} → ${display(c.restore)}`]),
      ),
    };
  if ('fields' in shown) return { ...described, ...dotted(shown.fields as Record<string, unknown>) };
  return described;
}

/** What the dry run shows, field by field: a re-create's fields have no value now. */
export function changesOf(shown: UndoShows): readonly FieldChange[] {
  if ('changes' in shown) return shown.changes;
  if ('fields' in shown)
    return Object.entries(dotted(shown.fields as Record<string, unknown>)).map(([field, restore]) => ({
      field,
      now: null,
      restore,
    }));
  return [];
}

/** Nested fields as dotted keys: `main_address.town`. */
function dotted(fields: Readonly<Record<string, unknown>>, path = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(dotted(value as Record<string, unknown>, `${path}${key}.`))
        : [[`${path}${key}`, value]],
    ),
  );
}

export function unsupported(context: ToolContext, entry: ChangeEntry, why: string): ToolFailure {
  return new ToolFailure({
    code: 'INVALID_ARGUMENTS',
    message: `Entry ${entry.id} (${entry.tool} of ${entry.kind} ${entry.recordId}) cannot be undone: ${why}.`,
    business: context.connection.name,
    fields: [{ field: 'change', problem: why }],
  });
}

/** The spec schema of a kind's create or update body for the business's variant. */
function bodySchema(context: ToolContext, kind: RecordKind, operation: 'create' | 'update'): JsonSchema {
  const body = kind.tools[operation]?.body;
  return body ? specSchemas('body', body)[context.connection.variant] : {};
}

/**
 * The create tool's arguments that make a record like this one, as the spec's create body takes
 * them: never the record as it came back, whose empty values mean "not set".
 */
function createArgumentsOf(
  context: ToolContext,
  kind: RecordKind,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (!kind.toArguments) return { ...record };
  return settableArguments(
    kind.toArguments(record, context.connection.variant),
    bodySchema(context, kind, 'create'),
  );
}

/** How the undo of `entry` goes, after checking that the record is still as the entry left it. */
export async function planUndo(
  context: ToolContext,
  kind: RecordKind,
  entry: ChangeEntry,
): Promise<UndoPlan> {
  const label = `${kind.singular} ${entry.recordId}`;
  if (entry.operation === 'delete') {
    const before = entry.before ?? {};
    if (!kind.toArguments || !kind.tools.create)
      throw unsupported(context, entry, `the ${kind.name} it deleted cannot be re-created here`);
    const fields = createArgumentsOf(context, kind, before);
    return {
      action: `Re-create ${label} (deleted at ${entry.at}) as a new ${kind.singular}`,
      shows: { fields },
      card: { kind: kind.name, id: null, before: null, after: before },
      record: before,
      run: () => recreate(context, kind, entry, fields),
    };
  }
  const current = await currentRecord(context, kind, entry);
  const after = entry.after ?? {};
  unchangedSince(context, kind, entry, after, current);
  // Once the undo has its turn, the record must still be the one the user saw.
  const recheck = async (): Promise<void> =>
    unchangedSince(context, kind, entry, current, await currentRecord(context, kind, entry));
  if (entry.operation === 'create') {
    if (!kind.tools.delete) throw unsupported(context, entry, `the service cannot delete ${kind.name}`);
    return {
      action: `Delete ${label}, created at ${entry.at}`,
      shows: {},
      card: { kind: kind.name, id: entry.recordId, before: current, after: null },
      record: current,
      recheck,
      run: async () => {
        const { status } = await deleteRecord(context, kind, entry.recordId);
        const written = await journalChange(context, kind, {
          operation: 'delete',
          tool: 'undo_change',
          recordId: entry.recordId,
          before: current,
          after: null,
          status,
          undoOf: entry.id,
        });
        return undoneResult(`Deleted ${label}: the create of entry ${entry.id} is undone.`, current, written);
      },
    };
  }
  // An update: the fields it changed get their old values back.
  if (!kind.toArguments || !kind.tools.update)
    throw unsupported(context, entry, `the ${kind.name} cannot be updated here`);
  const variant = context.connection.variant;
  const {
    body: restore,
    changes,
    unclearable,
  } = restoreArguments(
    kind.toArguments(entry.before ?? {}, variant),
    kind.toArguments(after, variant),
    bodySchema(context, kind, 'update'),
  );
  if (unclearable.length > 0)
    throw unsupported(
      context,
      entry,
      `${unclearable.join(', ')} had no value before and ${recordToolName(kind, 'update')} cannot unset ${unclearable.length > 1 ? 'them' : 'it'}; change ${unclearable.length > 1 ? 'them' : 'it'} with ${recordToolName(kind, 'update')} if the user wants`,
    );
  if (changes.length === 0) throw unsupported(context, entry, 'it changed no field the update tool sets');
  const fieldList = changes.map((c) => c.field).join(', ');
  return {
    action: `Restore ${fieldList} of ${label} as before entry ${entry.id}`,
    shows: { changes },
    card: { kind: kind.name, id: entry.recordId, before: current, after: entry.before },
    record: current,
    recheck,
    run: async () => {
      const body = wireBody(kind, variant, checked(context, kind, 'update', restore));
      const { record: updated, status } = await updateRecord(context, kind, entry.recordId, body);
      const written = await journalChange(context, kind, {
        operation: 'update',
        tool: 'undo_change',
        recordId: entry.recordId,
        before: current,
        after: updated,
        status,
        undoOf: entry.id,
      });
      return undoneResult(
        `Restored ${fieldList} of ${label}: the update of entry ${entry.id} is undone.`,
        updated,
        written,
        recordLink(context.connection, kind, updated),
      );
    },
  };
}

/** Fails with `RECORD_CHANGED` when the record differs from how the entry (or the plan) saw it. */
function unchangedSince(
  context: ToolContext,
  kind: RecordKind,
  entry: ChangeEntry,
  then: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, unknown>>,
): void {
  const changed = differences(context, kind, then, now);
  if (changed.length > 0)
    throw new ToolFailure({
      code: 'RECORD_CHANGED',
      message: `The ${kind.singular} ${entry.recordId} changed after entry ${entry.id}, so undoing it would overwrite later work: ${changed.join('; ')}. Change it back with update_${kind.singular} if the user wants.`,
      business: context.connection.name,
    });
}

function display(value: unknown): string {
  return value === undefined || value === null
    ? '(unset)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
}

/** The record the entry changed, as it is now; a record deleted since cannot be undone. */
async function currentRecord(
  context: ToolContext,
  kind: RecordKind,
  entry: ChangeEntry,
): Promise<Record<string, unknown>> {
  try {
    return await fetchRecord(kind, entry.recordId, context);
  } catch (error) {
    if (error instanceof ToolFailure && error.body.code === 'NOT_FOUND')
      throw new ToolFailure(
        {
          code: 'RECORD_CHANGED',
          message: `The ${kind.singular} ${entry.recordId} no longer exists: it was deleted after entry ${entry.id}. list_changes kind '${kind.name}' id ${entry.recordId} shows by whom.`,
          business: context.connection.name,
        },
        { cause: error },
      );
    throw error;
  }
}

/**
 * What differs between the record as the entry left it and as it is now, as `field: then → now`: the
 * fields the create tool sets where the kind maps them (a linked record's name may change by itself),
 * else every field.
 */
function differences(
  context: ToolContext,
  kind: RecordKind,
  then: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, unknown>>,
): string[] {
  const [a, b] = [
    dotted(createArgumentsOf(context, kind, then)),
    dotted(createArgumentsOf(context, kind, now)),
  ];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => argumentsKey(a[field]) !== argumentsKey(b[field]))
    .map((field) => `${field}: ${display(a[field])} → ${display(b[field])}`);
}

/** Arguments checked against the spec body of the kind's create or update for this business's variant. */
function checked(
  context: ToolContext,
  kind: RecordKind,
  operation: 'create' | 'update',
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const body = kind.tools[operation]?.body;
  if (!body) return fields;
  const variant = context.connection.variant;
  const parsed = toZod(topLevel(mergeVariantSchemas(specSchemas('body', body), [variant]))).safeParse(fields);
  if (!parsed.success)
    throw new ToolFailure({
      code: 'VALIDATION_FAILED',
      message: `The old values of the ${kind.singular} are not accepted by ${recordToolName(kind, operation)} any more (${parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}); nothing was sent.`,
      business: context.connection.name,
    });
  return fields;
}

/** Re-creates a deleted record: a new id, said in the result and the journal. */
async function recreate(
  context: ToolContext,
  kind: RecordKind,
  entry: ChangeEntry,
  fields: Record<string, unknown>,
): Promise<ToolSuccess> {
  const body = wireBody(kind, context.connection.variant, checked(context, kind, 'create', fields));
  const created = await createRecord(context, kind, body);
  const written = await journalChange(context, kind, {
    operation: 'create',
    tool: 'undo_change',
    recordId: Number(created.record.id),
    before: null,
    after: created.record,
    status: created.status,
    arguments: fields,
    undoOf: entry.id,
  });
  return undoneResult(
    `Re-created the ${kind.singular} deleted by entry ${entry.id} as ${kind.singular} ${String(created.record.id)}: a new id (the service never reuses ${entry.recordId}).`,
    created.record,
    written,
    recordLink(context.connection, kind, created.record),
  );
}

function undoneResult(
  message: string,
  record: Readonly<Record<string, unknown>>,
  written: ChangeEntry | undefined,
  link?: ReturnType<typeof recordLink>,
): ToolSuccess {
  return {
    data: { status: 'undone', message, record, ...(written && { entry: written.id }) },
    ...(link && { links: [link] }),
  };
}
