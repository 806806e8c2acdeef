import { cleanCode, cleanText, NAME_LIMIT, REMITTANCE_LIMIT } from '../clean-text.js';
import { defined } from '../defined.js';

/** What an MT940 `:86:` says about its line. */
export interface Field86 {
  gvc?: string;
  bookingText?: string;
  remittance?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  counterpartyBic?: string;
  endToEndId?: string;
  mandateId?: string;
  creditorId?: string;
}

/** Banks cut lines at 65 characters; a line that long continues mid-word, a shorter one ended a word. */
const LINE_WIDTH = 65;
/** Subfields `?20`–`?29` and `?60`–`?63` hold 27 characters each. */
const SUBFIELD_WIDTH = 27;

/** Joins cut lines: without a space after a line of full `width`, with one after a shorter line. */
function joinCut(
  parts: readonly string[],
  width: number,
  widths: readonly number[] = parts.map((p) => p.length),
): string {
  let out = '';
  for (const [i, part] of parts.entries()) {
    if (i > 0) out += (widths[i - 1] ?? 0) >= width ? '' : ' ';
    out += part;
  }
  return out;
}

const SEPA_TAG = /^(EREF|KREF|MREF|CRED|SVWZ|ABWA|ABWE|IBAN|BIC|DEBT|COAM|OAMT|SVWZ)\+/;

/** Splits purpose lines at SEPA tags (`EREF+…`) that open a subfield; `undefined` when there are none. */
function sepaTags(purpose: readonly string[]): Map<string, string> | undefined {
  if (!purpose.some((p) => SEPA_TAG.test(p))) return undefined;
  // Each tag's text, and the full length of the subfields it came from (which decides the joins).
  const tags = new Map<string, { parts: string[]; widths: number[] }>();
  let current: { parts: string[]; widths: number[] } | undefined;
  const free: string[] = [];
  for (const part of purpose) {
    const m = SEPA_TAG.exec(part);
    if (m) {
      current = { parts: [part.slice(m[0].length)], widths: [part.length] };
      tags.set(m[1] as string, current);
    } else if (current) {
      current.parts.push(part);
      current.widths.push(part.length);
    } else free.push(part);
  }
  const joined = new Map<string, string>();
  for (const [tag, { parts, widths }] of tags) joined.set(tag, joinCut(parts, SUBFIELD_WIDTH, widths));
  if (free.length > 0 && !joined.has('SVWZ')) joined.set('SVWZ', joinCut(free, SUBFIELD_WIDTH));
  return joined;
}

const notProvided = (value: string | undefined): string | undefined =>
  value === undefined || /^NOTPROVIDED$/i.test(value.trim()) ? undefined : value;

/**
 * Reads a `:86:`. Structured (German): three digits of GVC, then subfields `?NN` (`?00` booking text,
 * `?20`–`?29` and `?60`–`?63` purpose with SEPA tags, `?30` BIC or BLZ, `?31` IBAN or account,
 * `?32`/`?33` name); anything else is unstructured remittance text.
 */
export function readField86(lines: readonly string[]): Field86 {
  // Structured lines are cut at 65 characters wherever that falls: rejoin them without spaces.
  const joined = lines.join('');
  const m = /^(\d{3})\?(?=\d\d)/.exec(joined);
  if (!m) return defined({ remittance: cleanText(joinCut(lines, LINE_WIDTH), REMITTANCE_LIMIT) });
  const body = joined.slice(4);
  const sub = new Map<string, string[]>();
  for (const part of body.split('?')) {
    const key = part.slice(0, 2);
    if (!/^\d\d$/.test(key)) continue;
    const list = sub.get(key);
    if (list) list.push(part.slice(2));
    else sub.set(key, [part.slice(2)]);
  }
  const one = (key: string): string | undefined => sub.get(key)?.join('');
  const purpose: string[] = [];
  for (const key of [...sub.keys()].sort())
    if ((key >= '20' && key <= '29') || (key >= '60' && key <= '63')) purpose.push(...(sub.get(key) ?? []));
  const tags = sepaTags(purpose);
  const nameParts = [one('32'), one('33')].filter((p): p is string => p !== undefined);
  const account = one('31')?.replace(/\s+/g, '');
  const bankId = one('30')?.replace(/\s+/g, '');
  const iban = tags?.get('IBAN') ?? (account && /^[A-Z]{2}\d{2}/i.test(account) ? account : undefined);
  const bic = tags?.get('BIC') ?? (bankId && /^[A-Z]{6}/i.test(bankId) ? bankId : undefined);
  return defined({
    gvc: m[1],
    bookingText: cleanText(one('00'), NAME_LIMIT),
    remittance: cleanText(tags ? tags.get('SVWZ') : joinCut(purpose, SUBFIELD_WIDTH), REMITTANCE_LIMIT),
    counterpartyName:
      cleanText(joinCut(nameParts, SUBFIELD_WIDTH), NAME_LIMIT) ?? cleanText(tags?.get('ABWA'), NAME_LIMIT),
    counterpartyIban: cleanCode(iban),
    counterpartyBic: cleanCode(bic),
    endToEndId: cleanText(notProvided(tags?.get('EREF')), NAME_LIMIT),
    mandateId: cleanText(tags?.get('MREF'), NAME_LIMIT),
    creditorId: cleanText(tags?.get('CRED'), NAME_LIMIT),
  });
}
