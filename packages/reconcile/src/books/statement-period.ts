import type { BankStatement } from '../bank-statement.js';

/** Days around the statement's dates whose records are read: the matcher's reference window. */
export const READ_WINDOW_DAYS = 30;

/** The days whose records are read for a statement: ISO dates, both included. */
export interface BooksPeriod {
  readonly from: string;
  readonly to: string;
}

function shiftDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first and last day whose records may match a line of the statement: its first to last booking
 * or value date, widened by {@link READ_WINDOW_DAYS} on each side (a payment by reference may come
 * that long after its invoice).
 *
 * @param statement - A statement from `parseStatement`.
 * @returns The period, or `undefined` for a statement without lines (nothing to read).
 * @example
 * ```ts
 * import { parseStatement, statementPeriod } from '@acctkit/reconcile';
 * const [statement] = parseStatement('Date,Amount,Currency,Description\n2024-03-04,-12.50,EUR,Rent\n');
 * if (statement) console.log(statementPeriod(statement)); // { from: '2024-02-03', to: '2024-04-03' }
 * ```
 */
export function statementPeriod(statement: BankStatement): BooksPeriod | undefined {
  const dates = statement.lines.flatMap((l) =>
    l.valueDate ? [l.bookingDate, l.valueDate] : [l.bookingDate],
  );
  if (dates.length === 0) return undefined;
  dates.sort();
  return {
    from: shiftDays(dates[0] as string, -READ_WINDOW_DAYS),
    to: shiftDays(dates[dates.length - 1] as string, READ_WINDOW_DAYS),
  };
}
