import type { StatementAccount, StatementLine } from './bank-statement.js';

/** A line before its id is known. */
export type UnnumberedLine = Omit<StatementLine, 'line'>;

/** 64-bit FNV-1a as two 32-bit halves (no BigInt: this runs once per line of large files). */
function fnv1a64(text: string): string {
  // Offset basis 0xcbf29ce484222325; prime 0x100000001b3 = 2^40 + 0x1b3.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    // Hash UTF-16 code units as two bytes each so that every character counts.
    for (let b = 0; b < 2; b++) {
      h0 ^= c & 0xff;
      c >>= 8;
      const t0 = h0 * 0x1b3;
      const t1 = h1 * 0x1b3;
      const t2 = h2 * 0x1b3 + (h0 << 8);
      const t3 = h3 * 0x1b3 + (h1 << 8);
      h0 = t0 & 0xffff;
      const c1 = t1 + (t0 >>> 16);
      h1 = c1 & 0xffff;
      const c2 = t2 + (c1 >>> 16);
      h2 = c2 & 0xffff;
      h3 = (t3 + (c2 >>> 16)) & 0xffff;
    }
  }
  const hex = (n: number): string => n.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

/**
 * Gives each line its stable id (see {@link StatementLine.line}): a hash of the account and the
 * line's own fields, plus the count of earlier lines of the statement with the same fields.
 */
export function numberLines(account: StatementAccount, lines: readonly UnnumberedLine[]): StatementLine[] {
  const accountKey = account.iban ?? `${account.bankCode ?? ''}/${account.number ?? ''}`;
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = [
      accountKey,
      l.currency,
      l.bookingDate,
      l.amount,
      l.bankReference ?? '',
      l.endToEndId ?? '',
      l.counterpartyIban ?? '',
      l.remittance ?? '',
    ].join('\u001f');
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return { line: `l${fnv1a64(`${key}\u001f${n}`)}`, ...l };
  });
}
