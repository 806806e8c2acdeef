import { isDecimal } from '@acctkit/openapi/formats';
import type { BankStatement } from '../bank-statement.js';
import { negateAmount, sumAmounts } from '../decimal-amount.js';
import { ReconcileError } from '../reconcile-error.js';
import { assignRecords } from './assign-records.js';
import { type BookRecord, belongsTo, expenseRecord, incomeRecord } from './book-record.js';
import type { BookContact, Books } from './books.js';
import { findBankAccount } from './find-bank-account.js';
import { type CandidateIndex, lineCandidates, type RankedCandidate } from './line-candidates.js';
import { normalizeName } from './normalize-name.js';
import { type ProposalIndex, proposeBooking } from './propose-booking.js';
import type {
  LineReconciliation,
  MatchCandidate,
  MatchConfidence,
  StatementReconciliation,
} from './reconcile-result.js';

/** Options of {@link reconcileStatement}. */
export interface ReconcileOptions {
  /** The bank account of the books the statement is for; found by IBAN or account number when not given. */
  readonly bankAccountId?: number;
  /** Days a record's date may be from the line's booking or value date (default 7). */
  readonly dateWindowDays?: number;
  /** The same for a match by reference, which may be paid later (default 30). */
  readonly referenceWindowDays?: number;
}

function windowOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (Number.isInteger(value) && value >= 0 && value <= 366) return value;
  throw new ReconcileError(
    'INVALID_OPTIONS',
    `${name} is ${value}: give a whole number of days from 0 to 366.`,
  );
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The rule of {@link MatchConfidence}. */
function confidenceOf(c: MatchCandidate): MatchConfidence {
  if (c.method === 'reference') return 'high';
  if (c.method === 'amount_date') return c.days <= 3 ? 'medium' : 'low';
  return c.days <= 3 ? 'high' : 'medium';
}

const publicCandidate = ({ record, method, days, evidence }: RankedCandidate): MatchCandidate => ({
  record,
  method,
  days,
  evidence,
});

/**
 * Matches each line of a statement to the books: an expense for a debit, an income for a credit, of
 * exactly the same gross amount. Each line ends `matched` (one record, which no other line holds, with
 * method, confidence and evidence), `ambiguous` (equally good candidates, never a guess) or
 * `unmatched` with a proposal of what to book. Pure: `books` is what the caller read once for the
 * period; nothing is fetched or written. Line texts are evidence only: a reference found in them can
 * match a record of the same amount, and nothing in them sets what is proposed.
 *
 * @param statement - A statement from {@link parseStatement}.
 * @param books - The bank accounts, contacts, the period's expenses and incomes, and optional history.
 * @param options - `bankAccountId`, `dateWindowDays` (7), `referenceWindowDays` (30).
 * @returns One result per line in the statement's order, and a summary.
 * @throws ReconcileError `BANK_ACCOUNT_NOT_FOUND`, `INVALID_BOOKS` or `INVALID_OPTIONS`.
 * @example
 * ```ts
 * import { parseStatement, reconcileStatement } from '@acctkit/reconcile';
 * const [statement] = parseStatement(
 *   'Date;Amount;Currency;Name;Description\n2024-03-04;-119,00;EUR;Druckerei Weiss GmbH;RE-2024-17\n',
 * );
 * if (statement) {
 *   const { lines, summary } = reconcileStatement(
 *     statement,
 *     {
 *       bankAccounts: [{ id: 7, account_name: 'Giro', account_number: null, iban: 'DE89370400440532013000',
 *         ledger_account: { $key: null }, balance: '880.00' }],
 *       expenses: [{ id: 9, date: '2024-03-01', gross_total: '119.00', reference: 'RE-2024-17', contact_id: 0,
 *         contact_name: '', bank_account: { id: 7, account_name: 'Giro', $url: '/accounts/v2/bank_accounts/7', $key: 7 },
 *         ledger_account: { $key: null }, tax_rate: { $key: null } }],
 *       incomes: [],
 *       contacts: [],
 *     },
 *     { bankAccountId: 7 },
 *   );
 *   console.log(lines[0]?.status, summary.matched); // 'matched', 1 (by reference)
 * }
 * ```
 */
export function reconcileStatement(
  statement: BankStatement,
  books: Books,
  options: ReconcileOptions = {},
): StatementReconciliation {
  const dateWindowDays = windowOption('dateWindowDays', options.dateWindowDays, 7);
  const referenceWindowDays = windowOption('referenceWindowDays', options.referenceWindowDays, 30);
  const account = findBankAccount(books.bankAccounts, statement.account, options.bankAccountId);
  if (!isDecimal(account.balance))
    throw new ReconcileError(
      'INVALID_BOOKS',
      `Bank account ${account.id} has balance '${String(account.balance).slice(0, 32)}', which is not a decimal string: pass the account as read from the API.`,
    );

  const period: BookRecord[] = [];
  for (const e of books.expenses) if (belongsTo(e, 'expense', account)) period.push(expenseRecord(e));
  for (const i of books.incomes) if (belongsTo(i, 'income', account)) period.push(incomeRecord(i));
  const byAmount = new Map<string, BookRecord[]>();
  for (const r of period) push(byAmount, `${r.kind}:${r.amountKey}`, r);

  const contacts = new Map<number, BookContact>(books.contacts.map((c) => [c.id, c]));
  const byName = new Map<string, number[]>();
  for (const c of books.contacts)
    for (const name of new Set([normalizeName(c.name), normalizeName(c.company)]))
      if (name !== '') push(byName, name, c.id);
  const ibanContacts = new Map<string, Set<number>>();
  for (const h of books.history ?? []) {
    const set = ibanContacts.get(h.counterpartyIban) ?? new Set<number>();
    set.add(h.contactId);
    ibanContacts.set(h.counterpartyIban, set);
  }
  const byContact = new Map<string, BookRecord[]>();
  const earlier = [
    ...(books.earlier?.expenses ?? []).map(expenseRecord),
    ...(books.earlier?.incomes ?? []).filter((i) => !i.voided).map(incomeRecord),
  ];
  for (const r of [...period, ...earlier])
    if (r.contactId !== undefined) push(byContact, `${r.kind}:${r.contactId}`, r);

  const candidateIndex: CandidateIndex = {
    byAmount,
    contacts,
    ibanContacts,
    dateWindowDays,
    referenceWindowDays,
  };
  const proposalIndex: ProposalIndex = { contacts, byName, ibanContacts, byContact, habits: new Map() };
  const decided = assignRecords(statement.lines.map((line) => lineCandidates(line, candidateIndex)));

  const lines = statement.lines.map((line, i): LineReconciliation => {
    const d = decided.get(i);
    if (d?.status === 'matched')
      return {
        status: 'matched',
        line: line.line,
        ...publicCandidate(d.candidate),
        confidence: confidenceOf(d.candidate),
      };
    if (d?.status === 'ambiguous')
      return {
        status: 'ambiguous',
        line: line.line,
        reason: d.reason,
        candidates: d.candidates.map(publicCandidate),
      };
    return { status: 'unmatched', line: line.line, proposal: proposeBooking(line, proposalIndex) };
  });

  const count = (status: LineReconciliation['status']): number =>
    lines.filter((l) => l.status === status).length;
  const closing = statement.closing?.amount ?? null;
  return {
    lines,
    summary: {
      lines: lines.length,
      matched: count('matched'),
      ambiguous: count('ambiguous'),
      unmatched: count('unmatched'),
      bankAccountId: account.id,
      closingBalance: closing,
      booksBalance: account.balance,
      difference: closing === null ? null : sumAmounts([closing, negateAmount(account.balance)]),
    },
  };
}
