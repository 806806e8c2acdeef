/** A calendar date as `YYYY-MM-DD`, or `null` when `value` is not a real ISO date. */
export function parseIsoDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A `dd/mm/yyyy` date converted to `YYYY-MM-DD`, or `null` when it is not a real date. */
export function parseDmyDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  return realDate(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** `YYYY-MM-DD` → `dd/mm/yyyy`. */
export function toDmy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function realDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

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
