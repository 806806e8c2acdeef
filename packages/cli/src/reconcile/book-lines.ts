import type { ChangeEntry, ChangeJournal } from '@acctkit/change-journal';
import { type AccountingClient, dmyToIso, HttpError } from '@acctkit/client';
import {
  type BookBankAccount,
  type BookingProblem,
  bookingFields,
  bookingKey,
  type RecordKind,
  type StatementFile,
  type StatementReconciliation,
} from '@acctkit/reconcile';
import { VERSION } from '../version.js';
import { type CreatedRecord, createBooking } from './create-booking.js';

/**
 * The tool name statement bookings are journaled under: the MCP server's `book_statement_lines`. With
 * the same name, the same `bookingKey` and the same fields, either one finds what the other booked.
 */
export const BOOKING_TOOL = 'book_statement_lines';

/** What `--book` did with one line. */
export type LineBooking =
  | {
      readonly line: string;
      readonly status: 'created';
      readonly kind: RecordKind;
      readonly id: number;
      /** The journal entry of the create (what the MCP server's `undo_change` takes). */
      readonly change?: string | undefined;
      /** Said when the record was created but could not be journaled. */
      readonly warning?: string | undefined;
    }
  | {
      readonly line: string;
      readonly status: 'already_booked';
      readonly kind: RecordKind;
      readonly id: number;
      /** The journal entry of the earlier create. */
      readonly change: string;
    }
  | {
      readonly line: string;
      readonly status: 'not_bookable';
      readonly kind: RecordKind;
      readonly problem: string;
    }
  | { readonly line: string; readonly status: 'failed'; readonly kind: RecordKind; readonly message: string };

/** A line to book: its booking key, kind and create fields. */
export interface PlannedBooking {
  readonly line: string;
  readonly key: string;
  readonly kind: RecordKind;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The statement bookings of the journal that no undo took back, by booking key (the newest first). */
export async function bookedKeys(journal: ChangeJournal): Promise<Map<string, ChangeEntry>> {
  const creates: ChangeEntry[] = [];
  const undone = new Set<string>();
  for (const [query, into] of [
    [{ tool: BOOKING_TOOL, operation: 'create' as const }, 'creates'],
    [{ tool: 'undo_change' }, 'undos'],
  ] as const) {
    let cursor: string | undefined;
    do {
      const page = await journal.list({ ...query, limit: 500, ...(cursor !== undefined && { cursor }) });
      for (const entry of page.entries)
        if (into === 'creates') creates.push(entry);
        else if (entry.undoOf !== undefined) undone.add(entry.undoOf);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
  const booked = new Map<string, ChangeEntry>();
  for (const entry of creates)
    if (entry.idempotencyKey !== undefined && !undone.has(entry.id) && !booked.has(entry.idempotencyKey))
      booked.set(entry.idempotencyKey, entry);
  return booked;
}

/** Why a line's proposal cannot be booked, in the CLI's words. */
export function problemText(problem: BookingProblem, kind: RecordKind): string {
  switch (problem.code) {
    case 'NO_TYPE':
      return `no ${kind === 'expense' ? 'expense type' : 'income type'} to propose (${
        problem.reason === 'no contact'
          ? 'no contact has the counterparty’s name'
          : `the contact has no earlier ${kind}`
      })`;
    case 'NO_INCOME_ACCOUNT':
      return `bank account ${problem.bankAccountId} has no ledger account to receive incomes`;
    case 'OVERRIDE_NOT_TAKEN':
      return `a ${kind} takes no ${problem.fields.join(', ')}`;
  }
}

/**
 * What `--book` does with each line: a line whose booking key the journal holds is `already_booked`
 * (whatever it matches now); an unmatched line is planned when its proposal is complete, else
 * `not_bookable` with why. Matched and ambiguous lines are left alone.
 */
export function planBookings(
  variant: 'de' | 'pt',
  file: StatementFile,
  result: StatementReconciliation,
  bank: BookBankAccount,
  booked: ReadonlyMap<string, ChangeEntry>,
): { readonly planned: PlannedBooking[]; readonly outcomes: LineBooking[] } {
  const planned: PlannedBooking[] = [];
  const outcomes: LineBooking[] = [];
  for (const outcome of result.lines) {
    const found = file.lines.get(outcome.line);
    if (!found) continue;
    const key = bookingKey(found.statement, found.line);
    const earlier = booked.get(key);
    if (earlier) {
      outcomes.push({
        line: outcome.line,
        status: 'already_booked',
        kind: earlier.kind === 'incomes' ? 'income' : 'expense',
        id: earlier.recordId,
        change: earlier.id,
      });
      continue;
    }
    if (outcome.status !== 'unmatched') continue;
    const booking = bookingFields(variant, outcome.proposal, bank);
    if ('problem' in booking)
      outcomes.push({
        line: outcome.line,
        status: 'not_bookable',
        kind: outcome.proposal.kind,
        problem: problemText(booking.problem, outcome.proposal.kind),
      });
    else planned.push({ line: outcome.line, key, kind: booking.kind, fields: booking.fields });
  }
  return { planned, outcomes };
}

const DMY = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * A record as the journal keeps it, as the MCP server writes its entries: without the SData `$url`
 * and `$key`, `dd/mm/yyyy` dates made ISO, so `undo_change` compares like with like.
 */
function journalRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === '$url' || key === '$key') continue;
    out[key] = key.endsWith('date') && typeof value === 'string' && DMY.test(value) ? dmyToIso(value) : value;
  }
  return out;
}

/** Where a booking is sent and journaled. */
export interface BookingTarget {
  readonly client: AccountingClient;
  readonly journal: ChangeJournal;
  /** The connection's name, which the journal's entries carry as `business`. */
  readonly business: string;
}

/**
 * Books one line: while it holds the journal's lock (shared with the MCP server and every other
 * process of the connection), looks for its booking key once more, creates the record and journals it
 * with the key. A line another process booked meanwhile is `already_booked`; a refused create is `failed`.
 */
export async function bookLine(target: BookingTarget, planned: PlannedBooking): Promise<LineBooking> {
  const { journal } = target;
  const run = async (): Promise<LineBooking> => {
    const { entries } = await journal.list({
      idempotencyKey: planned.key,
      tool: BOOKING_TOOL,
      operation: 'create',
      limit: 1,
    });
    const [earlier] = entries;
    const undone =
      earlier !== undefined && (await journal.list({ undoOf: earlier.id, limit: 1 })).entries.length > 0;
    if (earlier && !undone)
      return {
        line: planned.line,
        status: 'already_booked',
        kind: planned.kind,
        id: earlier.recordId,
        change: earlier.id,
      };
    let created: CreatedRecord;
    try {
      created = await createBooking(target.client, planned.kind, planned.fields);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { line: planned.line, status: 'failed', kind: planned.kind, message: error.message };
    }
    const record = journalRecord(created.record);
    const id = Number(record.id);
    const entry = await journal
      .append({
        business: target.business,
        client: { name: 'acctkit', version: VERSION },
        tool: BOOKING_TOOL,
        kind: planned.kind === 'expense' ? 'expenses' : 'incomes',
        recordId: id,
        operation: 'create',
        before: null,
        after: record,
        status: created.status,
        arguments: planned.fields,
        idempotencyKey: planned.key,
      })
      .catch((error: unknown) => error as Error);
    if (entry instanceof Error)
      return {
        line: planned.line,
        status: 'created',
        kind: planned.kind,
        id,
        warning: `the change journal could not be written (${entry.message}): a second run may book this line again`,
      };
    return { line: planned.line, status: 'created', kind: planned.kind, id, change: entry.id };
  };
  return journal.exclusive ? journal.exclusive(run) : run();
}
