import type { BankStatement } from './bank-statement.js';
import { ReconcileError } from './reconcile-error.js';

const AMOUNT = /^-?\d{1,18}\.\d{2,5}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** Refuses a statement whose amounts, dates or currencies are not in the form the parser gives. */
export function checkStatement(statement: BankStatement, index: number): void {
  const bad = (what: string, value: unknown): ReconcileError =>
    new ReconcileError(
      'INVALID_STATEMENT',
      `statements[${index}].${what} is ${JSON.stringify(value)}; amounts are decimal strings such as '-12.50', dates 'yyyy-mm-dd', currencies ISO 4217 codes.`,
    );
  if (!CURRENCY.test(statement.currency)) throw bad('currency', statement.currency);
  for (const key of ['opening', 'closing'] as const) {
    const balance = statement[key];
    if (balance && !AMOUNT.test(balance.amount)) throw bad(`${key}.amount`, balance.amount);
    if (balance && !DATE.test(balance.date)) throw bad(`${key}.date`, balance.date);
  }
  statement.lines.forEach((line, i) => {
    if (!AMOUNT.test(line.amount)) throw bad(`lines[${i}].amount`, line.amount);
    if (!DATE.test(line.bookingDate)) throw bad(`lines[${i}].bookingDate`, line.bookingDate);
    if (line.valueDate !== undefined && !DATE.test(line.valueDate))
      throw bad(`lines[${i}].valueDate`, line.valueDate);
    if (!CURRENCY.test(line.currency)) throw bad(`lines[${i}].currency`, line.currency);
  });
}
