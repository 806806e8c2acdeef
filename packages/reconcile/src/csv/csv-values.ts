import { formatAmount } from '../decimal-amount.js';
import { isoDate } from '../iso-date.js';

/** `dd.mm.yyyy`, `dd/mm/yyyy`, `dd-mm-yyyy` (two-digit years are 20yy) or ISO `yyyy-mm-dd` (a time after it is ignored). */
export function csvDate(value: string): string | undefined {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v);
  if (iso) return isoDate(iso[1] as string, iso[2] as string, iso[3] as string);
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/.exec(v);
  if (!dmy) return undefined;
  const year = (dmy[3] as string).length === 2 ? `20${dmy[3]}` : (dmy[3] as string);
  return isoDate(year, dmy[2] as string, dmy[1] as string);
}

/** Which character separates the decimals in a file's amounts. */
export type DecimalMark = ',' | '.';

/**
 * The decimal mark the amounts use: the later of the two marks in a value that has both (`1.234,56`),
 * else a mark followed by one, two or more than three digits at the end, else `fallback`.
 */
export function decimalMark(values: readonly string[], fallback: DecimalMark): DecimalMark {
  let comma = 0;
  let point = 0;
  for (const raw of values) {
    const v = raw.replace(/[^\d.,]/g, '');
    const c = v.lastIndexOf(',');
    const p = v.lastIndexOf('.');
    if (c >= 0 && p >= 0) {
      if (c > p) comma += 10;
      else point += 10;
    } else if (c >= 0 && v.length - c - 1 !== 3) comma++;
    else if (p >= 0 && v.length - p - 1 !== 3) point++;
  }
  return comma > point ? ',' : point > comma ? '.' : fallback;
}

/**
 * A CSV amount as a signed decimal string: thousands separators, spaces, currency signs and codes
 * removed; `-` before or after, or parentheses, make it negative. `undefined` for an empty cell;
 * `null` for text that is not an amount.
 */
export function csvAmount(value: string, mark: DecimalMark): string | null | undefined {
  let v = value
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/€|EUR|USD|GBP|CHF/gi, '');
  if (v === '') return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(v)) {
    negative = true;
    v = v.slice(1, -1);
  }
  if (v.startsWith('-') || v.startsWith('\u2212')) {
    negative = !negative;
    v = v.slice(1);
  } else if (v.endsWith('-')) {
    negative = !negative;
    v = v.slice(0, -1);
  } else if (v.startsWith('+')) v = v.slice(1);
  const thousands = mark === ',' ? '.' : ',';
  const grouped = mark === ',' ? /^\d{1,3}(\.\d{3})+(,\d+)?$/ : /^\d{1,3}(,\d{3})+(\.\d+)?$/;
  if (v.includes(thousands)) {
    if (!grouped.test(v)) return null;
    v = v.split(thousands).join('');
  }
  const m = mark === ',' ? /^(\d+)(?:,(\d*))?$/.exec(v) : /^(\d+)(?:\.(\d*))?$/.exec(v);
  if (!m) return null;
  return formatAmount(negative, m[1] as string, m[2] ?? '');
}
