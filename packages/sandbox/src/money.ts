/** The largest amount the API accepts: 99999999.99, in cents. */
export const MAX_AMOUNT_CENTS = 9_999_999_999n;

const AMOUNT = /^(-?)(\d{1,8})(?:\.(\d{1,2}))?$/;
const DECIMAL = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** Parses a request amount (`^-?\d{1,8}(\.\d{1,2})?$`) into integer cents, or `null` when malformed. */
export function parseAmount(value: string): bigint | null {
  const m = AMOUNT.exec(value);
  if (!m) return null;
  const cents = BigInt(m[2] as string) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** Parses a percentage (`^\d{1,3}(\.\d{1,4})?$`) into basis points of a hundredth (x 10000), or `null`. */
export function parsePercentage(value: string): bigint | null {
  const m = DECIMAL.exec(value);
  if (!m) return null;
  return BigInt(m[1] as string) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** Formats integer cents as a decimal string with two places (`1234` → `"12.34"`). */
export function formatCents(cents: bigint | number): string {
  const c = BigInt(cents);
  const neg = c < 0n;
  const abs = neg ? -c : c;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/** Formats a percentage held as x10000 (`190000n` → `"19.00"`). */
export function formatPercentage(rate: bigint | number): string {
  const r = BigInt(rate);
  const whole = r / 10_000n;
  const frac = (r % 10_000n)
    .toString()
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${frac.length < 2 ? frac.padEnd(2, '0') : frac}`;
}

/** `a / b` rounded half away from zero, on integers (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const neg = a < 0n;
  const abs = neg ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return neg ? -q : q;
}

/** Tax on a net amount: `net × rate / 100`, rate held as x10000, rounded to the cent. */
export function taxOnNet(netCents: bigint, rate: bigint): bigint {
  return divRound(netCents * rate, 1_000_000n);
}

/** Tax contained in a gross amount: `gross × rate / (100 + rate)`, rounded to the cent. */
export function taxInGross(grossCents: bigint, rate: bigint): bigint {
  return divRound(grossCents * rate, 1_000_000n + rate);
}
