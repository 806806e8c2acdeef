import type { BankStatement } from '@acctkit/reconcile';
import type { ContactData } from '../models.js';
import { formatCents } from '../money.js';
import type { RecordStore } from '../record-store.js';
import { accountMovements } from './account-movements.js';
import { bankOnlyLines, bookedLine } from './statement-lines.js';
import type { StatementQuery } from './statement-query.js';

const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

const dayBefore = (iso: string): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);

/** The first customer contact (type 1) of the business, in a stable order chosen by `seed`. */
function customerOf(
  store: RecordStore,
  businessId: number,
  seed: number,
): { id: number; data: ContactData } | undefined {
  const customers = store.list<ContactData>('contact', businessId, {
    where: ["EXISTS (SELECT 1 FROM json_each(data, '$.contactTypeIds') WHERE value = 1)"],
    startIndex: 0,
    itemsPerPage: 1000,
  }).records;
  return customers[seed % Math.max(customers.length, 1)];
}

/**
 * The statement of a bank account for a period, as its bank would export it: a line per booked
 * expense and income of the account in the period, the lines the books lack ({@link bankOnlyLines}),
 * in date order. The opening balance is the account's balance in the books (`balance` on
 * `balance_date`) moved by the booked records between that day and `from`; the closing one is the
 * opening plus the lines. Only the stored data and the query decide it: the same request gives the
 * same statement until the data changes.
 */
export function accountStatement(store: RecordStore, query: StatementQuery): BankStatement {
  const { business, account, from, to } = query;
  const all = accountMovements(store, business, account, FIRST_DAY, LAST_DAY);
  const taken = new Set(all.map((m) => m.cents));
  const since = account.data.balanceDate ?? from;
  const moved =
    since <= from
      ? sum(all.filter((m) => m.date >= since && m.date < from).map((m) => m.cents))
      : -sum(all.filter((m) => m.date >= from && m.date < since).map((m) => m.cents));
  const opening = BigInt(account.data.balanceCents) + moved;
  const booked = all
    .filter((m) => m.date >= from && m.date <= to)
    .map((m) => bookedLine(store, business, account.id, m));
  const customer = customerOf(store, business.id, account.id + Number(from.replace(/-/g, '')));
  const extra = bankOnlyLines(business, account.id, from, to, customer, taken);
  // Stable: a bank-only line comes after the booked lines of its day.
  const lines = [...booked, ...extra].sort((a, b) =>
    a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0,
  );
  const closing = opening + sum(lines.map((l) => BigInt(l.amount.replace('.', ''))));
  const { iban } = account.data;
  return {
    format: query.format,
    id: `AK-${from.slice(2).replace(/-/g, '')}-${to.slice(2).replace(/-/g, '')}`,
    sequence: `${Number(to.slice(5, 7))}/1`,
    account: {
      iban,
      ...(account.data.bic ? { bic: account.data.bic } : {}),
      bankCode: business.country === 'de' ? iban.slice(4, 12) : iban.slice(4, 8),
    },
    currency: 'EUR',
    opening: { amount: formatCents(opening), date: dayBefore(from) },
    closing: { amount: formatCents(closing), date: to },
    lines,
  };
}
