import { parseIsoDate } from '@acctkit/openapi/formats';

// ISO and dd/mm/yyyy dates are read and converted by @acctkit/openapi/formats; this module keeps only
// what the sandbox alone needs: the instant of `updated_or_created_since`.

const EASTERN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  timeZoneName: 'longOffset',
});

/** The US Eastern UTC offset in minutes at instant `ms` (−300 in winter, −240 in summer). */
export function easternOffsetMinutes(ms: number): number {
  const part =
    EASTERN.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-05:00';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * Parses `updated_or_created_since` into an instant (epoch ms), or `null` when malformed.
 * A date-time without offset is UTC (the interface's rule). A bare date means midnight US Eastern of
 * that day, because client data is stored in US Eastern time.
 */
export function parseSince(value: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:([+-])(\d{2}):(\d{2}))?)?$/.exec(value);
  if (!m) return null;
  const date = parseIsoDate(m[1] as string);
  if (!date) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  if (m[2] === undefined) {
    const utcMidnight = Date.UTC(y, mo - 1, d);
    // Two passes: the offset at local midnight can differ from the offset at UTC midnight.
    let t = utcMidnight - easternOffsetMinutes(utcMidnight) * 60_000;
    t = utcMidnight - easternOffsetMinutes(t) * 60_000;
    return t;
  }
  const h = Number(m[2]);
  const mi = Number(m[3]);
  const s = Number(m[4]);
  if (h > 23 || mi > 59 || s > 59) return null;
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  if (m[5] === undefined) return local;
  const oh = Number(m[6]);
  const om = Number(m[7]);
  if (oh > 14 || om > 59) return null;
  const offset = (m[5] === '-' ? -1 : 1) * (oh * 60 + om);
  return local - offset * 60_000;
}
