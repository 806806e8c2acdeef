import { notA } from './accounting-error.js';

const pattern = /^(-?)(\d+)(?:\.(\d+))?$/;

interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function parse(value: string): Scaled {
  const m = typeof value === 'string' ? pattern.exec(value) : null;
  if (!m) throw notA(value, "a decimal string like '12.50' or '-3'");
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2]}${frac}`);
  return { units: m[1] ? -units : units, scale: frac.length };
}

function rescale(d: Scaled, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${int}.${digits.slice(digits.length - scale)}` : int;
  return negative ? `-${text}` : text;
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
  return typeof value === 'string' && pattern.test(value);
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
  const parsed = values.map(parse);
  const scale = Math.max(0, ...parsed.map((d) => d.scale));
  return format(
    parsed.reduce((sum, d) => sum + rescale(d, scale), 0n),
    scale,
  );
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
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
