import { parseIsoDate } from '@acctkit/openapi/formats';

/** `yyyy-mm-dd` when the parts name a real calendar day, else `undefined`. */
export function isoDate(year: string | number, month: string, day: string): string | undefined {
  const y = String(year).padStart(4, '0');
  return parseIsoDate(`${y}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`) ?? undefined;
}

/** The year of a two-digit SWIFT year: 70–99 are 19xx, 00–69 20xx. */
export function fullYear(yy: string): number {
  const n = Number(yy);
  return n >= 70 ? 1900 + n : 2000 + n;
}

/**
 * The date of a month and day given without a year (the entry date of an MT940 `:61:`): of the year
 * before, the same and the year after `near`, the one closest to it, so that a booking on 2 January
 * of a line valued 31 December falls in the next year.
 */
export function nearestDate(near: string, month: string, day: string): string | undefined {
  const year = Number(near.slice(0, 4));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const base = Date.parse(near);
  for (const y of [year - 1, year, year + 1]) {
    const candidate = isoDate(y, month, day);
    if (!candidate) continue;
    const distance = Math.abs(Date.parse(candidate) - base);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best;
}
