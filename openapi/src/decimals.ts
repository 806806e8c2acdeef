// The spec's decimal strings (`type: string, format: decimal`: `'12.50'`, `'-3'`, `'0.0825'`), added and
// compared exactly (scaled integers, never floating point). Part of `@acctkit/openapi/formats`; the
// client wraps them in its own coded errors, and the statement formats use them without the client.

const pattern = /^(-?)(\d+)(?:\.(\d+))?$/;

interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function scaled(value: string): Scaled | null {
  const m = typeof value === 'string' ? pattern.exec(value) : null;
  if (!m) return null;
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
 * Whether `value` is a decimal string as the service sends them.
 *
 * @param value - Anything.
 * @returns `true` for `'12.50'`, `'-3'`, `'0.0825'`; `false` for `'1e3'`, `'.5'`, `12.5`.
 * @example
 * ```ts
 * import { isDecimal } from '@acctkit/openapi/formats';
 * isDecimal('12.50'); // true
 * ```
 */
export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && pattern.test(value);
}

/**
 * The exact sum of decimal strings, with as many decimal places as the most precise of them.
 *
 * @param values - Decimal strings; none gives `'0'`.
 * @returns The sum, or `null` when one of the values is not a decimal string.
 * @example
 * ```ts
 * import { decimalSum } from '@acctkit/openapi/formats';
 * decimalSum(['0.10', '0.20', '19.7']); // '20.00'
 * ```
 */
export function decimalSum(values: readonly string[]): string | null {
  const parsed: Scaled[] = [];
  for (const value of values) {
    const d = scaled(value);
    if (!d) return null;
    parsed.push(d);
  }
  const scale = Math.max(0, ...parsed.map((d) => d.scale));
  return format(
    parsed.reduce((sum, d) => sum + rescale(d, scale), 0n),
    scale,
  );
}

/**
 * Compares two decimal strings exactly (`'1.50'` equals `'1.5'`).
 *
 * @param a - A decimal string.
 * @param b - A decimal string.
 * @returns `-1` when `a < b`, `0` when equal, `1` when `a > b`; `null` when either is not a decimal.
 * @example
 * ```ts
 * import { decimalCompare } from '@acctkit/openapi/formats';
 * decimalCompare('10.00', '9.99'); // 1
 * ```
 */
export function decimalCompare(a: string, b: string): -1 | 0 | 1 | null {
  const x = scaled(a);
  const y = scaled(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
