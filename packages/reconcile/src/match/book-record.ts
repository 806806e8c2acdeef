import { isDecimal, parseDmyDate, parseIsoDate } from '@acctkit/openapi/formats';
import { ReconcileError } from '../reconcile-error.js';
import { amountKey } from './amount-key.js';
import type { BookBankAccount, BookExpense, BookIncome } from './books.js';
import { dayNumber } from './day-number.js';

/** The kinds of record a line can match: expenses are paid by debits, incomes by credits. */
export type RecordKind = 'expense' | 'income';

/** One record of the books in the one shape the matcher reads, whichever variant it came from. */
export interface BookRecord {
  readonly kind: RecordKind;
  readonly id: number;
  /** The gross amount as the books give it. */
  readonly amount: string;
  /** `amount` without trailing zeros, the key of exact comparison. */
  readonly amountKey: string;
  /** ISO date. */
  readonly date: string;
  readonly day: number;
  readonly reference: string | undefined;
  readonly contactId: number | undefined;
  /** The supplier's name as a `de` expense carries it. */
  readonly contactName: string | undefined;
  /** Expense: the ledger account (expense type). Income: the income type (`source`). */
  readonly categoryId: number | undefined;
  /** Expense: the tax rate (`de`). Income: the tax code. */
  readonly taxId: number | undefined;
  /** Income: the tax percentage rate. */
  readonly taxPercentageRate: string | undefined;
}

const refId = (ref: { readonly $key: number | null; readonly id?: number }): number | undefined =>
  ref.$key === null ? undefined : ref.id;

function invalid(kind: RecordKind, id: number, field: string, value: unknown): ReconcileError {
  return new ReconcileError(
    'INVALID_BOOKS',
    `${kind} ${id} has ${field} '${String(value).slice(0, 32)}', which is not what the service sends: pass the records as read from the API.`,
  );
}

/** An expense in the matcher's shape; `de` gives `gross_total`, `pt` `total` (its only amount). */
export function expenseRecord(expense: BookExpense): BookRecord {
  const de = 'gross_total' in expense ? expense : undefined;
  const amount = de ? de.gross_total : 'total' in expense ? expense.total : '';
  if (!isDecimal(amount)) throw invalid('expense', expense.id, 'amount', amount);
  const date = parseIsoDate(expense.date);
  if (date === null) throw invalid('expense', expense.id, 'date', expense.date);
  return {
    kind: 'expense',
    id: expense.id,
    amount,
    amountKey: amountKey(amount),
    date,
    day: dayNumber(date),
    reference: de?.reference || undefined,
    // `contact_id` 0 is an expense without supplier (B6).
    contactId: de?.contact_id || undefined,
    contactName: de?.contact_name || undefined,
    categoryId: refId(expense.ledger_account),
    taxId: de ? refId(de.tax_rate) : undefined,
    taxPercentageRate: undefined,
  };
}

/** An income in the matcher's shape (its `dd/mm/yyyy` date made ISO). */
export function incomeRecord(income: BookIncome): BookRecord {
  if (!isDecimal(income.gross_amount))
    throw invalid('income', income.id, 'gross_amount', income.gross_amount);
  const date = parseDmyDate(income.date);
  if (date === null) throw invalid('income', income.id, 'date', income.date);
  return {
    kind: 'income',
    id: income.id,
    amount: income.gross_amount,
    amountKey: amountKey(income.gross_amount),
    date,
    day: dayNumber(date),
    reference: income.reference || undefined,
    contactId: refId(income.contact),
    contactName: undefined,
    categoryId: refId(income.source),
    taxId: refId(income.tax_code),
    taxPercentageRate: isDecimal(income.tax_percentage_rate) ? income.tax_percentage_rate : undefined,
  };
}

/**
 * Whether a record was paid through `account`: an expense names its bank account, an income its
 * `destination` ledger account, which is the bank account's ledger account (an account without one
 * keeps every income).
 */
export function belongsTo(
  record: BookExpense | BookIncome,
  kind: RecordKind,
  account: BookBankAccount,
): boolean {
  if (kind === 'expense') return 'bank_account' in record && refId(record.bank_account) === account.id;
  if (!('destination' in record) || record.voided) return false;
  const ledger = refId(account.ledger_account);
  return ledger === undefined || refId(record.destination) === ledger;
}
