import type { Business } from '../directory.js';
import type { BankAccountData, ExpenseData, IncomeData } from '../models.js';
import { parseAmount } from '../money.js';
import type { RecordStore, StoredRecord } from '../record-store.js';
import { expenseBody } from '../resources/expenses.js';

/** A booked expense (paid from the account) or income (paid into it), as its bank sees it. */
export interface Movement {
  readonly kind: 'expense' | 'income';
  readonly id: number;
  /** ISO date. */
  readonly date: string;
  /** Signed cents: the gross amount, negative for an expense. */
  readonly cents: bigint;
  readonly contactId: number | null;
  /** The record's reference (`''` when it has none). */
  readonly reference: string;
}

const PAGE = 500;

function everyRecord<T>(
  store: RecordStore,
  kind: 'expense' | 'income',
  businessId: number,
  where: string[],
  params: (string | number)[],
): StoredRecord<T>[] {
  const out: StoredRecord<T>[] = [];
  for (let start = 0; ; start += PAGE) {
    const page = store.list<T>(kind, businessId, { where, params, startIndex: start, itemsPerPage: PAGE });
    out.push(...page.records);
    if (page.records.length < PAGE) return out;
  }
}

/**
 * The expenses paid from `account` (`bank_account`) and the incomes paid into it (`destination` =
 * its ledger account; voided ones left out) dated from `from` to `to`, both included, in date order
 * (expenses, then incomes, by id within a day). The amount is the gross the API shows: `gross_total`
 * of a `de` expense, `total` of a `pt` expense (DECISIONS RC7), `gross_amount` of an income.
 */
export function accountMovements(
  store: RecordStore,
  business: Business,
  account: StoredRecord<BankAccountData>,
  from: string,
  to: string,
): Movement[] {
  const dated = "json_extract(data, '$.date') BETWEEN ? AND ?";
  const expenses = everyRecord<ExpenseData>(
    store,
    'expense',
    business.id,
    ["json_extract(data, '$.bankAccountId') = ?", dated],
    [account.id, from, to],
  ).map((r): Movement => {
    const wire = expenseBody(business.country, store, business.id, r);
    const gross = 'gross_total' in wire ? wire.gross_total : wire.total;
    return {
      kind: 'expense',
      id: r.id,
      date: r.data.date,
      cents: -(parseAmount(gross) ?? 0n),
      contactId: r.data.contactId,
      reference: r.data.reference,
    };
  });
  const incomes = everyRecord<IncomeData>(
    store,
    'income',
    business.id,
    ["json_extract(data, '$.destinationId') = ?", "json_extract(data, '$.voided') = 0", dated],
    [account.data.ledgerAccountId, from, to],
  ).map(
    (r): Movement => ({
      kind: 'income',
      id: r.id,
      date: r.data.date,
      cents: BigInt(r.data.grossCents),
      contactId: r.data.contactId,
      reference: r.data.reference,
    }),
  );
  return [...expenses, ...incomes].sort((a, b) =>
    a.date === b.date
      ? a.kind === b.kind
        ? a.id - b.id
        : a.kind === 'expense'
          ? -1
          : 1
      : a.date < b.date
        ? -1
        : 1,
  );
}
