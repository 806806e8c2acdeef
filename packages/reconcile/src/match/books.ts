import type { paths as DePaths } from '@acctkit/openapi/de';
import type { paths as PtPaths } from '@acctkit/openapi/pt';

// The records as the generated spec types of each variant describe them: the item of a list path's
// `$resources`; only the fields the matcher reads are picked, never restated.
type ListRecord<Paths, P extends keyof Paths> = Paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { $resources: readonly (infer T)[] } } } } };
}
  ? T
  : never;
type DeRecord<P extends keyof DePaths> = ListRecord<DePaths, P>;
type PtRecord<P extends keyof PtPaths> = ListRecord<PtPaths, P>;

/**
 * An expense as the books hold it, in either variant: `de` (Variant A) has the gross total, the
 * supplier and the reference; `pt` (Variant B) has only `total`, which is what was paid (the record
 * carries no tax, so it is the gross).
 */
export type BookExpense =
  | Pick<
      DeRecord<'/accounts/v2/expenses'>,
      | 'id'
      | 'date'
      | 'gross_total'
      | 'reference'
      | 'contact_id'
      | 'contact_name'
      | 'bank_account'
      | 'ledger_account'
      | 'tax_rate'
    >
  | Pick<PtRecord<'/accounts/v2/expenses'>, 'id' | 'date' | 'total' | 'bank_account' | 'ledger_account'>;

type IncomeFields =
  | 'id'
  | 'date'
  | 'gross_amount'
  | 'reference'
  | 'contact'
  | 'source'
  | 'destination'
  | 'tax_code'
  | 'tax_percentage_rate'
  | 'voided';

/** An income as the books hold it (the same fields in both variants; `date` is `dd/mm/yyyy`). */
export type BookIncome =
  | Pick<DeRecord<'/accounts/v2/incomes'>, IncomeFields>
  | Pick<PtRecord<'/accounts/v2/incomes'>, IncomeFields>;

/** A contact: its id and the names a payer may use (contacts carry no IBAN in either variant). */
export type BookContact =
  | Pick<DeRecord<'/accounts/v2/contacts'>, 'id' | 'name' | 'company'>
  | Pick<PtRecord<'/accounts/v2/contacts'>, 'id' | 'name' | 'company'>;

/**
 * A bank account: `de` has the IBAN, `pt` only the account number. `ledger_account` links incomes
 * (whose `destination` is that ledger account) to the account; `balance` is the balance in the books.
 */
export type BookBankAccount =
  | Pick<
      DeRecord<'/accounts/v2/bank_accounts'>,
      'id' | 'account_name' | 'account_number' | 'iban' | 'ledger_account' | 'balance'
    >
  | Pick<
      PtRecord<'/accounts/v2/bank_accounts'>,
      'id' | 'account_name' | 'account_number' | 'ledger_account' | 'balance'
    >;

/**
 * A counterparty IBAN seen on an earlier line that was matched to a record of this contact. Contacts
 * hold no IBAN, so this is the only IBAN evidence the matcher has.
 */
export interface HistoryMatch {
  /** The counterparty IBAN of the earlier line (upper case, no spaces, as the parser gives it). */
  readonly counterpartyIban: string;
  /** The contact of the record that line was matched to. */
  readonly contactId: BookContact['id'];
}

/**
 * What the caller read once for the period of a statement: the records that may match its lines, the
 * contacts and bank accounts, and optionally earlier records and matches for history.
 */
export interface Books {
  /** The business's bank accounts; the statement's is found by IBAN or account number. */
  readonly bankAccounts: readonly BookBankAccount[];
  /** Expenses of the period; each may match one debit line. */
  readonly expenses: readonly BookExpense[];
  /** Incomes of the period; each may match one credit line. Voided incomes are left out. */
  readonly incomes: readonly BookIncome[];
  readonly contacts: readonly BookContact[];
  /** Records before the period: only counted for proposals (ledger account, tax rate), never matched. */
  readonly earlier?: {
    readonly expenses?: readonly BookExpense[];
    readonly incomes?: readonly BookIncome[];
  };
  /** Counterparty IBANs of earlier matched lines, with the contact each belonged to. */
  readonly history?: readonly HistoryMatch[];
}
