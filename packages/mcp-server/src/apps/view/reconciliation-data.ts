// What the reconciliation card reads from a `reconcile_statement` result (src/reconcile/line-view.ts
// and summaryView write it). Every text from the statement file (counterparty, IBAN, remittance) is
// the payer's, untrusted: it is read as a string and only ever shown as text.
import { isObject } from './tool-result.js';

export type LineStatus = 'matched' | 'ambiguous' | 'unmatched';

/** A record of the books, by kind and id. */
export interface RecordRef {
  readonly kind: string;
  readonly id: number;
}

/** One statement line and what the matcher decided for it. */
export interface ReconciledLine {
  readonly line: string;
  readonly status: LineStatus;
  readonly date: string;
  readonly amount: string;
  readonly counterparty: string | undefined;
  readonly counterpartyIban: string | undefined;
  readonly remittance: string | undefined;
  /** A matched line's record, its date, and how it was matched. */
  readonly match:
    | (RecordRef & {
        readonly date: string | undefined;
        readonly method: string;
        readonly confidence: string;
      })
    | undefined;
  /** An ambiguous line's reason and the records that tie. */
  readonly reason: string | undefined;
  readonly candidates: readonly RecordRef[];
  /** What to book for an unmatched line. */
  readonly proposal: Proposal | undefined;
}

/** A proposed new record, under the create tools' argument names. */
export interface Proposal {
  readonly kind: string;
  readonly contactId: number | undefined;
  readonly contactName: string | undefined;
  /** Expense type (expense) or income type (income) id. */
  readonly typeId: number | undefined;
  /** Tax rate (expense) or tax code (income) id. */
  readonly taxId: number | undefined;
  readonly taxPercentageRate: string | undefined;
  /** What the proposal could not learn (`no contact`, `no history`). */
  readonly missing: string | undefined;
}

/** The statement against the books. */
export interface ReconcileSummary {
  readonly lines: number;
  readonly matched: number;
  readonly ambiguous: number;
  readonly unmatched: number;
  readonly bankAccountId: number | undefined;
  /** The statement's currency (ISO 4217). */
  readonly currency: string | undefined;
  readonly closingBalance: string | undefined;
  readonly booksBalance: string | undefined;
  readonly difference: string | undefined;
  /** Whether opening balance + lines = closing balance; `undefined` for a file without balances. */
  readonly statementBalanced: boolean | undefined;
}

/** A page of a reconciliation. */
export interface Reconciliation {
  readonly summary: ReconcileSummary;
  readonly lines: readonly ReconciledLine[];
  /** Whether more lines follow on a next page. */
  readonly more: boolean;
}

const STATUSES: readonly string[] = ['matched', 'ambiguous', 'unmatched'];

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function recordRef(value: unknown): RecordRef | undefined {
  if (!isObject(value)) return undefined;
  const id = integer(value.id);
  const kind = text(value.kind);
  return id === undefined || kind === undefined ? undefined : { kind, id };
}

function proposal(value: unknown): Proposal | undefined {
  if (!isObject(value)) return undefined;
  const kind = text(value.kind);
  if (kind === undefined) return undefined;
  return {
    kind,
    contactId: integer(value.contact_id),
    contactName: text(value.contact_name),
    typeId: integer(value.ledger_account_id) ?? integer(value.source_id),
    taxId: integer(value.tax_rate_id) ?? integer(value.tax_code_id),
    taxPercentageRate: text(value.tax_percentage_rate),
    missing: text(value.missing),
  };
}

function line(value: unknown): ReconciledLine | undefined {
  if (!isObject(value)) return undefined;
  const id = text(value.line);
  const status = text(value.status);
  const date = text(value.date);
  const amount = text(value.amount);
  if (id === undefined || status === undefined || !STATUSES.includes(status)) return undefined;
  if (date === undefined || amount === undefined) return undefined;
  const ref = recordRef(value.match);
  const match =
    ref && isObject(value.match)
      ? {
          ...ref,
          date: text(value.match.date),
          method: text(value.match.method) ?? '',
          confidence: text(value.match.confidence) ?? '',
        }
      : undefined;
  const candidates = Array.isArray(value.candidates)
    ? value.candidates.map(recordRef).filter((c): c is RecordRef => c !== undefined)
    : [];
  return {
    line: id,
    status: status as LineStatus,
    date,
    amount,
    counterparty: text(value.counterparty),
    counterpartyIban: text(value.counterparty_iban),
    remittance: text(value.remittance),
    match,
    reason: text(value.reason),
    candidates,
    proposal: proposal(value.proposal),
  };
}

/**
 * Reads the structured content of a `reconcile_statement` result; `undefined` when it does not have
 * the shape of one.
 *
 * @param content - the result's `structuredContent`.
 */
export function readReconciliation(content: unknown): Reconciliation | undefined {
  if (!isObject(content) || !isObject(content.summary) || !Array.isArray(content.lines)) return undefined;
  const s = content.summary;
  const counts = [s.lines, s.matched, s.ambiguous, s.unmatched].map(integer);
  if (counts.some((n) => n === undefined)) return undefined;
  const lines = content.lines.map(line);
  if (lines.some((l) => l === undefined)) return undefined;
  const [total, matched, ambiguous, unmatched] = counts as number[];
  return {
    summary: {
      lines: total as number,
      matched: matched as number,
      ambiguous: ambiguous as number,
      unmatched: unmatched as number,
      bankAccountId: integer(s.bank_account_id),
      currency: text(s.currency),
      closingBalance: text(s.closing_balance),
      booksBalance: text(s.books_balance),
      difference: text(s.difference),
      statementBalanced: typeof s.statement_balanced === 'boolean' ? s.statement_balanced : undefined,
    },
    lines: lines as ReconciledLine[],
    more: typeof content.nextCursor === 'string' && content.nextCursor !== '',
  };
}
