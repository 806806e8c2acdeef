import type { RecordKind } from './book-record.js';

/**
 * How a line was matched, strongest first: `reference` (the record's reference is the line's
 * end-to-end id or bank reference, or is in its remittance), `counterparty` (the counterparty's name
 * is the record's contact's), `history` (the counterparty's IBAN was on earlier lines matched to the
 * record's contact), `amount_date` (the same amount in the date window and no other record competes).
 * Every method needs the record's gross amount to equal the line's absolute amount exactly.
 */
export type MatchMethod = 'reference' | 'counterparty' | 'history' | 'amount_date';

/**
 * `high`: `reference`, or `counterparty`/`history` with the dates at most 3 days apart. `medium`:
 * `counterparty`/`history` further apart, or `amount_date` at most 3 days apart. `low`: `amount_date`
 * further apart.
 */
export type MatchConfidence = 'high' | 'medium' | 'low';

/** A record of the books, named by kind and id, with its gross amount and ISO date. */
export interface RecordRef {
  readonly kind: RecordKind;
  readonly id: number;
  readonly amount: string;
  readonly date: string;
}

/**
 * One field that agreed: the line's value and the record's, quoted as data (line texts come from
 * whoever paid; they are cleaned and capped at 140 characters, never interpreted).
 */
export interface MatchEvidence {
  readonly field:
    | 'amount'
    | 'bookingDate'
    | 'valueDate'
    | 'endToEndId'
    | 'bankReference'
    | 'remittance'
    | 'counterpartyName'
    | 'counterpartyIban';
  readonly line: string;
  readonly record: string;
}

/** A record a line could be matched to, with how and why. */
export interface MatchCandidate {
  readonly record: RecordRef;
  readonly method: MatchMethod;
  /** Days between the record's date and the nearer of the line's booking and value dates. */
  readonly days: number;
  readonly evidence: readonly MatchEvidence[];
}

/** A line matched to exactly one record, which no other line holds. */
export interface MatchedLine extends MatchCandidate {
  readonly status: 'matched';
  /** The line's id ({@link StatementLine.line}). */
  readonly line: string;
  readonly confidence: MatchConfidence;
}

/**
 * A line with no single best record: `records_tie` when two or more records are equally good for it,
 * `lines_tie` when its one record is equally good for other lines too (each of them is ambiguous).
 * Nothing is guessed: a person chooses.
 */
export interface AmbiguousLine {
  readonly status: 'ambiguous';
  readonly line: string;
  readonly reason: 'records_tie' | 'lines_tie';
  readonly candidates: readonly MatchCandidate[];
}

/** The contact a proposal books against, from the counterparty's IBAN (history) or its name. */
export interface ProposedContact {
  readonly id: number;
  readonly by: 'iban' | 'name';
}

interface ProposalBase {
  /** The line's absolute amount: what the new record's gross is. */
  readonly amount: string;
  /** The line's booking date (ISO). */
  readonly date: string;
  readonly contact: ProposedContact | null;
  /** Why `contact` is `null`: no contact has the IBAN or name, or several have the name. */
  readonly contactReason: 'no contact' | 'several contacts' | null;
  /** Why the ledger account and tax are `null`: no contact, or no record of the contact to learn from. */
  readonly historyReason: 'no contact' | 'no history' | null;
  /** How many of the contact's records used the proposed ledger account (or income type) and tax. */
  readonly basedOn: number;
}

/** A new expense for an unmatched debit, with the ledger account and tax rate most used for the contact. */
export interface ExpenseProposal extends ProposalBase {
  readonly kind: 'expense';
  /** The expense type (ledger account) id. */
  readonly ledgerAccountId: number | null;
  readonly taxRateId: number | null;
}

/** A new income for an unmatched credit, with the income type and tax most used for the contact. */
export interface IncomeProposal extends ProposalBase {
  readonly kind: 'income';
  /** The income type (`source_id`). */
  readonly incomeTypeId: number | null;
  readonly taxCodeId: number | null;
  readonly taxPercentageRate: string | null;
}

/** What to book for an unmatched line; built only from its amount, date and counterparty. */
export type BookingProposal = ExpenseProposal | IncomeProposal;

/** A line no record matches, with what to book for it. */
export interface UnmatchedLine {
  readonly status: 'unmatched';
  readonly line: string;
  readonly proposal: BookingProposal;
}

/** The outcome of one line: exactly one of matched, ambiguous, unmatched. */
export type LineReconciliation = MatchedLine | AmbiguousLine | UnmatchedLine;

/** Counts per status and the statement's closing balance against the books. */
export interface ReconcileSummary {
  readonly lines: number;
  readonly matched: number;
  readonly ambiguous: number;
  readonly unmatched: number;
  /** The bank account of the books the statement was reconciled against. */
  readonly bankAccountId: number;
  /** The statement's closing balance; `null` for a CSV export without one. */
  readonly closingBalance: string | null;
  /** The bank account's `balance` in the books. */
  readonly booksBalance: string;
  /** `closingBalance − booksBalance` as a decimal string; `null` without a closing balance. */
  readonly difference: string | null;
}

/** The result of {@link reconcileStatement}: one entry per line, in the statement's order, and a summary. */
export interface StatementReconciliation {
  readonly lines: readonly LineReconciliation[];
  readonly summary: ReconcileSummary;
}
