import type { StatementLine } from '../bank-statement.js';
import { cleanText, NAME_LIMIT } from '../clean-text.js';
import { amountKey } from './amount-key.js';
import type { BookRecord, RecordKind } from './book-record.js';
import type { BookContact } from './books.js';
import { dayNumber } from './day-number.js';
import { normalizeName } from './normalize-name.js';
import type { MatchCandidate, MatchEvidence, MatchMethod } from './reconcile-result.js';
import { findReference } from './reference-match.js';

/** Rank of each method: a stronger one wins a record over a weaker one. */
export const METHOD_TIER: Readonly<Record<MatchMethod, number>> = {
  reference: 4,
  counterparty: 3,
  history: 2,
  amount_date: 1,
};

/** A candidate and the record behind it. */
export interface RankedCandidate extends MatchCandidate {
  readonly key: string;
  readonly tier: number;
}

/** What every line's candidates are looked up in, built once per statement. */
export interface CandidateIndex {
  /** Records by `kind:amountKey`. */
  readonly byAmount: ReadonlyMap<string, readonly BookRecord[]>;
  readonly contacts: ReadonlyMap<number, BookContact>;
  /** Counterparty IBAN → the contacts earlier lines with it were matched to. */
  readonly ibanContacts: ReadonlyMap<string, ReadonlySet<number>>;
  readonly dateWindowDays: number;
  readonly referenceWindowDays: number;
}

/** The side of the books a line is on: a debit pays an expense, a credit an income. */
export function lineKind(line: StatementLine): RecordKind {
  return line.amount.startsWith('-') ? 'expense' : 'income';
}

/** A line's text as quoted evidence: cleaned again and capped, whatever built the line. */
export const quote = (text: string): string => cleanText(text, NAME_LIMIT) ?? '';

/** The key of a record in claims and sets: `expense:12`. */
export const recordKey = (r: { readonly kind: RecordKind; readonly id: number }): string =>
  `${r.kind}:${r.id}`;

function contactNames(record: BookRecord, index: CandidateIndex): string[] {
  const names: string[] = [];
  if (record.contactName) names.push(record.contactName);
  const contact = record.contactId === undefined ? undefined : index.contacts.get(record.contactId);
  if (contact?.company) names.push(contact.company);
  if (contact?.name) names.push(contact.name);
  return names;
}

/**
 * Every record a line could be matched to: the records of its side with exactly its absolute amount,
 * within the date window (the reference window for `reference`), each with its strongest method.
 */
export function lineCandidates(line: StatementLine, index: CandidateIndex): RankedCandidate[] {
  const records = index.byAmount.get(`${lineKind(line)}:${amountKey(line.amount)}`);
  if (!records) return [];
  const booking = dayNumber(line.bookingDate);
  const value = line.valueDate === undefined ? undefined : dayNumber(line.valueDate);
  const lineName = normalizeName(line.counterpartyName);
  const ibanContacts =
    line.counterpartyIban === undefined ? undefined : index.ibanContacts.get(line.counterpartyIban);
  const out: RankedCandidate[] = [];
  for (const record of records) {
    const toBooking = Math.abs(record.day - booking);
    const toValue = value === undefined ? Number.POSITIVE_INFINITY : Math.abs(record.day - value);
    const days = Math.min(toBooking, toValue);
    const referenceField =
      days <= index.referenceWindowDays ? findReference(line, record.reference) : undefined;
    if (referenceField === undefined && days > index.dateWindowDays) continue;
    const evidence: MatchEvidence[] = [
      { field: 'amount', line: line.amount, record: record.amount },
      toValue < toBooking
        ? { field: 'valueDate', line: line.valueDate ?? '', record: record.date }
        : { field: 'bookingDate', line: line.bookingDate, record: record.date },
    ];
    if (referenceField !== undefined)
      evidence.push({
        field: referenceField,
        line: quote(line[referenceField] ?? ''),
        record: quote(record.reference ?? ''),
      });
    const name =
      lineName === '' ? undefined : contactNames(record, index).find((n) => normalizeName(n) === lineName);
    if (name !== undefined)
      evidence.push({
        field: 'counterpartyName',
        line: quote(line.counterpartyName ?? ''),
        record: quote(name),
      });
    const byIban = record.contactId !== undefined && ibanContacts?.has(record.contactId) === true;
    if (byIban)
      evidence.push({
        field: 'counterpartyIban',
        line: line.counterpartyIban ?? '',
        record: `contact ${record.contactId} (earlier matches)`,
      });
    const method: MatchMethod =
      referenceField !== undefined
        ? 'reference'
        : name !== undefined
          ? 'counterparty'
          : byIban
            ? 'history'
            : 'amount_date';
    out.push({
      key: recordKey(record),
      tier: METHOD_TIER[method],
      record: { kind: record.kind, id: record.id, amount: record.amount, date: record.date },
      method,
      days,
      evidence,
    });
  }
  // One side per line, so the id alone orders the candidates whatever order the books came in.
  return out.sort((a, b) => a.record.id - b.record.id);
}
