import { decimalCompare, decimalSum, isDecimal as isDecimalString } from '@acctkit/openapi/formats';
import { notA } from './accounting-error.js';

// The arithmetic is the spec's decimal format of `@acctkit/openapi/formats`; here it throws the client's
// coded error for what is not a decimal string.

/** The first value that is not a decimal string, thrown as the client's `INVALID_ARGUMENT`. */
function rejectFirstInvalid(values: readonly string[]): never {
  throw notA(
    values.find((value) => !isDecimalString(value)),
    "a decimal string like '12.50' or '-3'",
  );
}

/**
 * Whether `value` is a decimal string as the service sends them (`'12.50'`, `'-3'`, `'0.0825'`).
 *
 * @param value - Anything.
 * @returns `true` for a decimal string.
 * @example
 * ```ts
 * import { isDecimal } from '@acctkit/client';
 * isDecimal('12.50'); // true
 * isDecimal('1e3'); // false
 * ```
 */
export function isDecimal(value: unknown): value is string {
  return isDecimalString(value);
}

/**
 * Adds decimal strings exactly (scaled integers, never floating point). The result has as many
 * decimal places as the most precise input.
 *
 * @param values - Decimal strings; none gives `'0'`.
 * @returns The exact sum.
 * @throws AccountingError `INVALID_ARGUMENT` for a string that is not a decimal.
 * @example
 * ```ts
 * import { sumDecimals } from '@acctkit/client';
 * sumDecimals(['0.10', '0.20', '19.7']); // '20.00'
 * ```
 */
export function sumDecimals(values: readonly string[]): string {
  return decimalSum(values) ?? rejectFirstInvalid(values);
}

/**
 * Adds two decimal strings exactly.
 *
 * @param a - A decimal string.
 * @param b - A decimal string.
 * @returns `a + b`, with the larger number of decimal places.
 * @throws AccountingError `INVALID_ARGUMENT` for a string that is not a decimal.
 * @example
 * ```ts
 * import { addDecimals } from '@acctkit/client';
 * addDecimals('0.1', '0.2'); // '0.3'
 * ```
 */
export function addDecimals(a: string, b: string): string {
  return sumDecimals([a, b]);
}

/**
 * Compares two decimal strings exactly (`'1.50'` equals `'1.5'`).
 *
 * @param a - A decimal string.
 * @param b - A decimal string.
 * @returns `-1` when `a < b`, `0` when equal, `1` when `a > b`.
 * @throws AccountingError `INVALID_ARGUMENT` for a string that is not a decimal.
 * @example
 * ```ts
 * import { compareDecimals } from '@acctkit/client';
 * compareDecimals('10.00', '9.99'); // 1
 * ```
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  return decimalCompare(a, b) ?? rejectFirstInvalid([a, b]);
}
