import { decimalSum } from '@acctkit/openapi/formats';

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A signed decimal string in the form every statement field uses: no leading zeros, at least two
 * decimals, as many more as given (CAMT allows five), no `-0.00`.
 *
 * @param negative - Whether the amount is a debit.
 * @param integer - Digits before the decimal separator.
 * @param fraction - Digits after it (may be empty).
 */
export function formatAmount(negative: boolean, integer: string, fraction: string): string {
  const int = integer.replace(/^0+(?=\d)/, '') || '0';
  const frac = fraction.length >= 2 ? fraction : fraction.padEnd(2, '0');
  const zero = /^0+$/.test(int + frac);
  return `${negative && !zero ? '-' : ''}${int}.${frac}`;
}

/** A plain decimal (`12.5`, `-3`) in the statement form, or `undefined` when it is not one. */
export function normalizeAmount(value: string): string | undefined {
  const m = PLAIN.exec(value);
  return m ? formatAmount(m[1] === '-', m[2] ?? '0', m[3] ?? '') : undefined;
}

/** The amount with its sign flipped. */
export function negateAmount(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : /^[0.]+$/.test(amount) ? amount : `-${amount}`;
}

/** The amount without its sign. */
export function absoluteAmount(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : amount;
}

/**
 * The exact sum of statement amounts (scaled integers, never floating point), in the statement form.
 * Every amount reaching it was read and checked already; one that is not a decimal is a defect here.
 */
export function sumAmounts(amounts: readonly string[]): string {
  const sum = decimalSum(amounts);
  const normalized = sum === null ? undefined : normalizeAmount(sum);
  if (normalized === undefined) throw new TypeError(`Not decimal amounts: ${amounts.join(', ')}`);
  return normalized;
}
