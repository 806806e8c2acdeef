import type { ChangeEntry } from '@acctkit/change-journal';
import type { BookBankAccount } from '@acctkit/reconcile';
import { CONFIRM_ARGUMENT, confirmChange, notConfirmed } from '../approvals/confirmation.js';
import { guardCreate, IDEMPOTENCY_WINDOW_MS } from '../changes/create-guard.js';
import { journalChange } from '../changes/journal-change.js';
import { EXPENSES, type RecordKind } from '../record-kinds.js';
import { defineTool, type ToolContext, type ToolDefinition } from '../tool-definition.js';
import { type FieldProblem, ToolFailure } from '../tool-failure.js';
import { objectSchema } from '../tool-schema.js';
import { CREATE } from '../tools/annotations.js';
import { createRecord, wireBody } from '../tools/record-tools.js';
import { referenceItems } from '../tools/reference-tools.js';
import { type Booking, bookingOf, OVERRIDE_SCHEMA } from './booking-fields.js';
import { contactNames } from './line-view.js';
import { keyOf, outcomeOf, type ReconciledFile, reconcileFile } from './reconcile-file.js';
import { BANK_ACCOUNT_ARGUMENT, STATEMENT_ARGUMENT } from './statement-file.js';

const NAME = 'book_statement_lines';

/**
 * The `kind` of the approval card's data for a batch of statement lines: the card shows each line of
 * `after` as a row of date, amount, counterparty, contact and type rather than a record's fields.
 */
export const STATEMENT_LINES_CARD_KIND = 'statement lines';

type Planned = { line: string; key: string; kind: RecordKind; fields: Record<string, unknown> };

/** The creates this tool journaled in the idempotency window, by key (newest first wins). */
async function bookedKeys(context: ToolContext): Promise<Map<string, ChangeEntry>> {
  const booked = new Map<string, ChangeEntry>();
  const journal = context.connection.journal;
  if (!journal) return booked;
  const since = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS).toISOString();
  let cursor: string | undefined;
  do {
    const page = await journal.list({
      tool: NAME,
      operation: 'create',
      since,
      limit: 500,
      ...(cursor && { cursor }),
    });
    for (const e of page.entries)
      if (e.idempotencyKey !== undefined && !booked.has(e.idempotencyKey)) booked.set(e.idempotencyKey, e);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return booked;
}

/** A line as the approval card shows it: the names of its contact and type, the counterparty as given. */
type ShownLine = {
  readonly date: string;
  readonly amount: string;
  readonly currency: string;
  /** The payer or payee text of the bank statement: untrusted, shown as text and quoted. */
  readonly counterparty: string;
  readonly books_as: string;
  readonly contact: string;
  readonly ledger_account?: string;
  readonly income_source?: string;
};

/** Names by id: the statement's contacts, and the expense or income types the planned lines use. */
type Names = {
  readonly contacts: ReadonlyMap<unknown, string>;
  readonly types: ReadonlyMap<unknown, string>;
};

/**
 * The names the confirmation shows: contacts from the books already read for the statement, and one
 * read of the expense types (ledger accounts) and of the income types (sources) when a planned line
 * uses them, once per call whatever the number of lines. The names only label the confirmation: a
 * list the service refuses leaves the ids shown alone rather than failing the booking.
 */
async function namesOf(
  file: ReconciledFile,
  planned: readonly Planned[],
  context: ToolContext,
): Promise<Names> {
  const contacts: ReadonlyMap<unknown, string> = contactNames(file.books.contacts);
  const lists = (['expense_types', 'income_types'] as const).filter((kind) =>
    planned.some((p) => (kind === 'expense_types') === (p.kind === EXPENSES)),
  );
  const types = new Map<unknown, string>();
  const read = await Promise.all(
    lists.map((kind) => referenceItems(context.connection, kind, context.signal).catch(() => [])),
  );
  // A `de` expense type is a ledger account (`display_name`); the other types have a `name`.
  for (const item of read.flat()) {
    const name = [item.display_name, item.name].find((n): n is string => typeof n === 'string' && n !== '');
    if (name !== undefined) types.set(item.id, name);
  }
  return { contacts, types };
}

/** `Muster GmbH (5)`, or the bare id without a name, or a dash without an id. */
function named(id: unknown, names: ReadonlyMap<unknown, string>): string {
  if (id === undefined || id === null || id === 0) return '—';
  const name = names.get(id);
  return name === undefined ? `#${String(id)}` : `${name} (${String(id)})`;
}

/** A planned line as the card shows it. */
function shownLine(file: ReconciledFile, p: Planned, names: Names): ShownLine {
  const line = file.lines.get(p.line)?.line;
  const type = named(p.fields.ledger_account_id ?? p.fields.source_id, names.types);
  return {
    date: line?.bookingDate ?? '',
    amount: line?.amount ?? '',
    currency: file.statement.currency,
    counterparty: line?.counterpartyName ?? '',
    books_as: p.kind.singular,
    contact: named(p.fields.contact_id, names.contacts),
    ...(p.kind === EXPENSES ? { ledger_account: type } : { income_source: type }),
  };
}

/** One line of the confirmation text: date, amount and currency, counterparty (quoted), kind, contact, type. */
function row(shown: ShownLine): string {
  return [
    shown.date,
    `${shown.amount} ${shown.currency}`,
    `counterparty ${JSON.stringify(shown.counterparty)}`,
    shown.books_as,
    `contact ${shown.contact}`,
    shown.ledger_account !== undefined
      ? `ledger account ${shown.ledger_account}`
      : `income source ${shown.income_source}`,
  ].join(' · ');
}

/** `book_statement_lines`: books unmatched lines as new records, confirmed once for the batch. */
export const BOOK_STATEMENT_LINES: ToolDefinition = defineTool({
  name: NAME,
  title: 'Book statement lines',
  description:
    'Books unmatched reconcile_statement lines as new expenses or incomes from their proposals and your overrides, confirmed once for the batch. A line books once (already_created); undo_change takes one back.',
  toolset: 'reconcile',
  perBusiness: true,
  annotations: CREATE,
  card: 'approval',
  input: () =>
    objectSchema(
      {
        statement: STATEMENT_ARGUMENT,
        bank_account_id: BANK_ACCOUNT_ARGUMENT,
        lines: { type: 'array', items: { type: 'string' }, description: 'Line ids.' },
        all_unmatched: { type: 'boolean', description: 'Book every unmatched line.' },
        overrides: {
          type: 'array',
          items: OVERRIDE_SCHEMA,
          description: 'Per line.',
        },
        confirm: CONFIRM_ARGUMENT,
        dry_run: { type: 'boolean', description: 'Only show.' },
      },
      ['statement'],
    ),
  output: () =>
    objectSchema(
      {
        status: { type: 'string', enum: ['booked', 'dry_run', 'declined', 'cancelled'] },
        message: { type: 'string' },
        lines: { type: 'array', items: { type: 'object' } },
      },
      ['status', 'lines'],
      false,
    ),
  run: async (args, context) => {
    const business = context.connection.name;
    const file = await reconcileFile(args, context);
    const bank = file.books.bankAccounts.find(
      (b) => b.id === file.result.summary.bankAccountId,
    ) as BookBankAccount;
    const overrides = new Map<string, Readonly<Record<string, unknown>>>();
    for (const o of args.overrides ?? []) overrides.set(String(o.line), o);
    const booked = await bookedKeys(context);
    let ids = args.lines;
    if (ids === undefined && args.all_unmatched === true)
      ids = file.result.lines
        .filter((l) => l.status === 'unmatched' || booked.has(keyOf(file, l.line)))
        .map((l) => l.line);
    if (ids === undefined)
      throw new ToolFailure({
        code: 'INVALID_ARGUMENTS',
        message: 'Say which lines to book: lines (ids from reconcile_statement) or all_unmatched: true.',
        business,
        fields: [{ field: 'lines', problem: 'lines or all_unmatched is required' }],
      });
    const problems: FieldProblem[] = [];
    const results: Record<string, unknown>[] = [];
    const planned: Planned[] = [];
    for (const id of new Set(ids)) {
      const outcome = outcomeOf(file, id);
      if (!outcome) {
        problems.push({ field: `lines.${id}`, problem: 'not a line of this statement' });
        continue;
      }
      const key = keyOf(file, id);
      const earlier = booked.get(key);
      if (earlier) {
        results.push({
          line: id,
          status: 'already_created',
          kind: earlier.kind,
          id: earlier.recordId,
          change: earlier.id,
        });
        continue;
      }
      if (outcome.status !== 'unmatched') {
        const why =
          outcome.status === 'matched'
            ? `matched to ${outcome.record.kind} ${outcome.record.id}`
            : `ambiguous between ${outcome.candidates.map((c) => `${c.record.kind} ${c.record.id}`).join(', ')}`;
        problems.push({ field: `lines.${id}`, problem: `${why}: nothing to book` });
        continue;
      }
      const booking: Booking = bookingOf(
        context.connection.variant,
        outcome.proposal,
        bank,
        overrides.get(id) ?? {},
      );
      if ('problem' in booking) problems.push({ field: `lines.${id}`, problem: booking.problem });
      else planned.push({ line: id, key, kind: booking.kind, fields: booking.fields });
    }
    for (const line of overrides.keys())
      if (!ids.includes(line))
        problems.push({ field: `overrides.${line}`, problem: 'not a line being booked' });
    if (problems.length > 0)
      throw new ToolFailure({
        code: 'INVALID_ARGUMENTS',
        message: `${problems.length} line(s) cannot be booked; nothing was booked. Fix or leave them out and call again.`,
        business,
        fields: problems,
      });
    const plan = planned.map((p) => ({
      line: p.line,
      kind: p.kind.singular,
      idempotency_key: p.key,
      arguments: p.fields,
    }));
    if (args.dry_run === true)
      return {
        data: {
          status: 'dry_run',
          message: 'Nothing was booked: call again without dry_run to book these.',
          lines: [...results, ...plan.map((p) => ({ ...p, status: 'dry_run' }))],
        },
      };
    if (planned.length > 0) {
      const action = `Book ${planned.length} bank statement line(s) as new records`;
      const names = await namesOf(file, planned, context);
      const shown = planned.map((p) => shownLine(file, p, names));
      const table = Object.fromEntries(shown.map((l, i) => [`line ${i + 1}`, row(l)]));
      const decision = await confirmChange(context, args.confirm, action, table, {
        kind: STATEMENT_LINES_CARD_KIND,
        id: null,
        before: null,
        after: Object.fromEntries(shown.map((l, i) => [`line ${i + 1}`, l])),
      });
      if (decision !== 'confirmed')
        return { data: { status: decision, message: notConfirmed(decision, action), lines: results } };
    }
    for (const p of planned) results.push(await book(context, p));
    return { data: { status: 'booked', lines: results } };
  },
});

/** Books one line through the duplicate guard, with its booking key; a failure is that line's result. */
async function book(context: ToolContext, p: Planned): Promise<Record<string, unknown>> {
  try {
    return await guardCreate(context, p.kind, NAME, p.fields, { idempotencyKey: p.key }, async (decision) => {
      if (decision.kind === 'already_created')
        return {
          line: p.line,
          status: 'already_created',
          kind: p.kind.singular,
          id: decision.entry.recordId,
          change: decision.entry.id,
        };
      const body = wireBody(p.kind, context.connection.variant, p.fields);
      const created = await createRecord(context, p.kind, body);
      const entry = await journalChange(context, p.kind, {
        tool: NAME,
        operation: 'create',
        recordId: Number(created.record.id),
        before: null,
        after: created.record,
        status: created.status,
        arguments: p.fields,
        idempotencyKey: p.key,
      });
      return {
        line: p.line,
        status: 'created',
        kind: p.kind.singular,
        id: created.record.id,
        ...(entry && { change: entry.id }),
      };
    });
  } catch (error) {
    if (!(error instanceof ToolFailure)) throw error;
    return {
      line: p.line,
      status: 'failed',
      code: error.body.code,
      message: error.body.message,
      fields: error.body.fields,
    };
  }
}
