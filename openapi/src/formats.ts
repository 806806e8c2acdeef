// Everything exported from this file is public API of `@acctkit/openapi/formats`: the date and decimal formats of
// the spec, checked one way by the client, the sandbox and every tool. Runtime-neutral: no `node:`.

/** `YYYY-MM-DD` (the spec's `format: date`). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `dd/mm/yyyy` (the incomes' dates). */
const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * The ISO form of a real calendar day, or `null`. Years run from 0001 to 9999 (proleptic Gregorian);
 * the month and day must exist (`2023-02-29` does not, `2024-02-29` does).
 */
function realDate(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as given.
  const last = new Date(new Date(0).setUTCFullYear(y, m, 0)).getUTCDate();
  return y > 0 && m > 0 && m < 13 && d > 0 && d <= last ? `${year}-${month}-${day}` : null;
}

/**
 * Reads an ISO date (`YYYY-MM-DD`, the spec's `format: date`).
 *
 * @param value - The text to read; anything that is not a string gives `null`.
 * @returns The same date, or `null` when it is not a real calendar day in that form (years 0001–9999).
 * @example
 * ```ts
 * import { parseIsoDate } from '@acctkit/openapi/formats';
 * parseIsoDate('2024-02-29'); // '2024-02-29'
 * parseIsoDate('2023-02-29'); // null
 * ```
 */
export function parseIsoDate(value: unknown): string | null {
  const m = typeof value === 'string' ? ISO.exec(value) : null;
  return m ? realDate(m[1] as string, m[2] as string, m[3] as string) : null;
}

/**
 * Reads a `dd/mm/yyyy` date (the incomes' `date`, `invoice_date`, `from_date`, `to_date`).
 *
 * @param value - The text to read; anything that is not a string gives `null`.
 * @returns The date as ISO `YYYY-MM-DD`, or `null` when it is not a real calendar day in that form.
 * @example
 * ```ts
 * import { parseDmyDate } from '@acctkit/openapi/formats';
 * parseDmyDate('01/03/2024'); // '2024-03-01'
 * parseDmyDate('31/04/2024'); // null
 * ```
 */
export function parseDmyDate(value: unknown): string | null {
  const m = typeof value === 'string' ? DMY.exec(value) : null;
  return m ? realDate(m[3] as string, m[2] as string, m[1] as string) : null;
}

/**
 * Whether `value` is a real calendar date in ISO form `YYYY-MM-DD`.
 *
 * @param value - Anything.
 * @returns `true` for a valid ISO date.
 * @example
 * ```ts
 * import { isValidIsoDate } from '@acctkit/openapi/formats';
 * isValidIsoDate('2024-02-29'); // true
 * isValidIsoDate('2023-02-29'); // false
 * ```
 */
export function isValidIsoDate(value: unknown): value is string {
  return parseIsoDate(value) !== null;
}

/**
 * Converts an ISO date (`YYYY-MM-DD`) to the incomes' wire format `dd/mm/yyyy`.
 *
 * @param iso - A real calendar date, `YYYY-MM-DD`.
 * @returns The same date as `dd/mm/yyyy`.
 * @throws RangeError when `iso` is not a real date in that form; the message quotes it (at most 32
 *   characters) and names the form to use.
 * @example
 * ```ts
 * import { isoToDmy } from '@acctkit/openapi/formats';
 * isoToDmy('2024-03-01'); // '01/03/2024'
 * ```
 */
export function isoToDmy(iso: string): string {
  const date = parseIsoDate(iso);
  if (date === null) throw notA(iso, 'YYYY-MM-DD');
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * Converts a `dd/mm/yyyy` date (incomes) to ISO `YYYY-MM-DD`.
 *
 * @param dmy - A real calendar date, `dd/mm/yyyy`.
 * @returns The same date as `YYYY-MM-DD`.
 * @throws RangeError when `dmy` is not a real date in that form; the message quotes it (at most 32
 *   characters) and names the form to use.
 * @example
 * ```ts
 * import { dmyToIso } from '@acctkit/openapi/formats';
 * dmyToIso('01/03/2024'); // '2024-03-01'
 * ```
 */
export function dmyToIso(dmy: string): string {
  const date = parseDmyDate(dmy);
  if (date === null) throw notA(dmy, 'dd/mm/yyyy');
  return date;
}

function notA(value: unknown, form: string): RangeError {
  return new RangeError(
    `'${String(value).slice(0, 32)}' is not a real calendar date: write it as ${form} (years 0001 to 9999).`,
  );
}

export { decimalCompare, decimalSum, isDecimal } from './decimals.js';
