import { notA } from './accounting-error.js';

/** Whether the day exists: day 0 of the next month is the last day of this one (proleptic Gregorian). */
function validDay(year: number, month: number, day: number): boolean {
  return (
    month > 0 &&
    month < 13 &&
    day > 0 &&
    day <= new Date(new Date(0).setUTCFullYear(year, month, 0)).getUTCDate()
  );
}

/**
 * Whether `value` is a real calendar date in ISO form `YYYY-MM-DD`.
 *
 * @param value - Anything.
 * @returns `true` for a valid ISO date.
 * @example
 * ```ts
 * import { isValidIsoDate } from '@acctkit/client';
 * isValidIsoDate('2024-02-29'); // true
 * isValidIsoDate('2023-02-29'); // false
 * ```
 */
export function isValidIsoDate(value: unknown): value is string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return !!m && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Converts an ISO date (`YYYY-MM-DD`) to the incomes' wire format `dd/mm/yyyy`.
 *
 * @param iso - A calendar date, `YYYY-MM-DD`.
 * @returns The same date as `dd/mm/yyyy`.
 * @throws AccountingError `INVALID_ARGUMENT` for anything that is not a real date in that form.
 * @example
 * ```ts
 * import { isoToDmy } from '@acctkit/client';
 * isoToDmy('2024-03-01'); // '01/03/2024'
 * ```
 */
export function isoToDmy(iso: string): string {
  if (!isValidIsoDate(iso)) throw notA(iso, 'a real date in the form YYYY-MM-DD');
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * Converts a `dd/mm/yyyy` date (incomes) to ISO `YYYY-MM-DD`.
 *
 * @param dmy - A calendar date, `dd/mm/yyyy`.
 * @returns The same date as `YYYY-MM-DD`.
 * @throws AccountingError `INVALID_ARGUMENT` for anything that is not a real date in that form.
 * @example
 * ```ts
 * import { dmyToIso } from '@acctkit/client';
 * dmyToIso('01/03/2024'); // '2024-03-01'
 * ```
 */
export function dmyToIso(dmy: string): string {
  const m = typeof dmy === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dmy) : null;
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  if (!isValidIsoDate(iso)) throw notA(dmy, 'a real date in the form dd/mm/yyyy');
  return iso;
}
