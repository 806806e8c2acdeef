import {
  type BankStatement,
  type BookBankAccount,
  bookingFields,
  bookingKey,
  type LineReconciliation,
  type StatementFile,
  type StatementLine,
  type StatementReconciliation,
} from '@acctkit/reconcile';
import { terminalText } from '../terminal-text.js';
import { type LineBooking, type PlannedBooking, problemText } from './book-lines.js';

/** A statement file reconciled against the books of a connection. */
export interface Reconciled {
  readonly variant: 'de' | 'pt';
  readonly file: StatementFile;
  readonly result: StatementReconciliation;
  /** The bank account of the books the statement was reconciled against. */
  readonly bank: BookBankAccount;
  /** Whether opening balance + lines = closing balance; `undefined` without balances. */
  readonly balanced: boolean | undefined;
}

/**
 * The `--json` shape: the {@link StatementReconciliation} (`lines` and `summary`), each line with the
 * statement line it is about and its booking key, plus the statement and the bank account.
 */
export interface ReconcileJson {
  readonly statement: Omit<BankStatement, 'lines'> & { readonly balanced: boolean | null };
  readonly bankAccount: { readonly id: number; readonly name: string };
  readonly lines: readonly (LineReconciliation & {
    readonly statementLine: StatementLine;
    readonly bookingKey: string;
  })[];
  readonly summary: StatementReconciliation['summary'];
  /** With `--book`: what was done with each line booked, already booked or not bookable. */
  readonly booked?: readonly LineBooking[];
}

const accountName = (bank: BookBankAccount): string => String(bank.account_name ?? '');

/** The `--json` document of a reconciliation (and of what `--book` did). */
export function reconcileJson(view: Reconciled, booked?: readonly LineBooking[]): ReconcileJson {
  const { lines: _lines, ...statement } = view.file.statement;
  return {
    statement: { ...statement, balanced: view.balanced ?? null },
    bankAccount: { id: view.bank.id, name: accountName(view.bank) },
    lines: view.result.lines.map((outcome) => {
      const found = view.file.lines.get(outcome.line);
      if (!found) throw new Error(`line ${outcome.line} is not in the statement file`);
      return { ...outcome, statementLine: found.line, bookingKey: bookingKey(found.statement, found.line) };
    }),
    summary: view.result.summary,
    ...(booked && { booked }),
  };
}

/** Line texts come from whoever paid: one line, no escape sequences, capped. */
function cell(text: string | undefined, max = 32): string {
  const clean = terminalText(text ?? '', { oneLine: true }).trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean || '–';
}

const amountOf = (line: StatementLine | undefined): string =>
  line ? `${line.amount} ${cell(line.currency, 3)}` : '';

/** What a line matched, or what is proposed for it. */
function outcomeText(view: Reconciled, outcome: LineReconciliation): string {
  switch (outcome.status) {
    case 'matched':
      return `${outcome.record.kind} ${outcome.record.id} by ${outcome.method.replace('_', ' and ')}, ${outcome.confidence} confidence`;
    case 'ambiguous':
      return `${outcome.candidates.map((c) => `${c.record.kind} ${c.record.id}`).join(' or ')} (${
        outcome.reason === 'records_tie' ? 'equally good records' : 'other lines want the same record'
      }): choose in the app`;
    case 'unmatched': {
      const p = outcome.proposal;
      const booking = bookingFields(view.variant, p, view.bank);
      if ('problem' in booking) return `no proposal: ${problemText(booking.problem, p.kind)}`;
      const contact = p.contact ? `contact ${p.contact.id} (by ${p.contact.by})` : 'no contact';
      if (p.kind === 'expense')
        return `new expense: ${contact}, ledger account ${String(booking.fields.ledger_account_id)}, ${
          p.taxRateId === null ? 'no tax rate' : `tax rate ${p.taxRateId}`
        }`;
      const tax =
        p.taxCodeId === null
          ? 'no tax code'
          : `tax code ${p.taxCodeId}${p.taxPercentageRate === null ? '' : ` at ${p.taxPercentageRate}%`}`;
      return `new income: ${contact}, income type ${String(booking.fields.source_id)}, ${tax}`;
    }
  }
}

function table(rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((c, i) =>
        i === r.length - 1 ? c : rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** The table of lines, the balance check and the counts. */
export function reconcileText(view: Reconciled): string {
  const { result, file, bank } = view;
  const rows = [
    ['STATUS', 'DATE', 'AMOUNT', 'COUNTERPARTY', 'MATCH OR PROPOSAL'],
    ...result.lines.map((outcome) => {
      const line = file.lines.get(outcome.line)?.line;
      return [
        outcome.status,
        line?.bookingDate ?? '',
        amountOf(line),
        cell(line?.counterpartyName),
        outcomeText(view, outcome),
      ];
    }),
  ];
  const s = result.summary;
  const currency = cell(file.statement.currency, 3);
  const account = `bank account ${bank.id}${accountName(bank) ? ` (${cell(accountName(bank))})` : ''}`;
  const balance =
    s.closingBalance === null
      ? `Balance: the statement has no closing balance; ${account} has ${s.booksBalance} ${currency} in the books.`
      : s.difference !== null && /^-?0(\.0+)?$/.test(s.difference)
        ? `Balance: the statement closes at ${s.closingBalance} ${currency}, as ${account} has in the books.`
        : `Balance: the statement closes at ${s.closingBalance} ${currency}, ${account} has ${s.booksBalance} ${currency} in the books: a difference of ${s.difference} ${currency}.`;
  const bookable = result.lines.filter(
    (l) => l.status === 'unmatched' && 'fields' in bookingFields(view.variant, l.proposal, bank),
  ).length;
  return `${[
    ...table(rows, new Set([2])),
    '',
    balance,
    ...(view.balanced === false
      ? [
          'The statement’s lines do not add up from its opening to its closing balance: a line may be missing from the file.',
        ]
      : []),
    `${s.lines} lines: ${s.matched} matched, ${s.ambiguous} ambiguous, ${s.unmatched} unmatched${
      bookable > 0 ? ` (${bookable} with a proposal, which --book books)` : ''
    }.`,
  ].join('\n')}\n`;
}

/** The rows of the lines `--book` is about to book, for the question before it. */
export function plannedText(view: Reconciled, planned: readonly PlannedBooking[]): string {
  const rows = planned.map((p) => {
    const line = view.file.lines.get(p.line)?.line;
    const type = p.kind === 'expense' ? p.fields.ledger_account_id : p.fields.source_id;
    return [
      line?.bookingDate ?? '',
      amountOf(line),
      cell(line?.counterpartyName),
      `new ${p.kind}: contact ${p.fields.contact_id === undefined ? '–' : String(p.fields.contact_id)}, ${
        p.kind === 'expense' ? 'ledger account' : 'income type'
      } ${String(type)}`,
    ];
  });
  return `${table(rows, new Set([1]))
    .map((r) => `  ${r}`)
    .join('\n')}\n`;
}

/** What `--book` did with each line. */
export function bookedText(view: Reconciled, booked: readonly LineBooking[]): string {
  const rows = booked.map((b) => {
    const line = view.file.lines.get(b.line)?.line;
    const what =
      b.status === 'created'
        ? `booked as ${b.kind} ${b.id}${b.change ? ` (change ${b.change})` : ''}${b.warning ? `; ${b.warning}` : ''}`
        : b.status === 'already_booked'
          ? `already booked as ${b.kind} ${b.id}${b.change ? ` (change ${b.change})` : ''}`
          : b.status === 'not_bookable'
            ? `not booked: ${b.problem}`
            : `not booked, the service refused it: ${cell(b.message, 300)}`;
    return [line?.bookingDate ?? '', amountOf(line), cell(line?.counterpartyName), what];
  });
  return `${table(rows, new Set([1]))
    .map((r) => `  ${r}`)
    .join('\n')}\n`;
}
