import type { StatementLine } from '../bank-statement.js';
import { absoluteAmount } from '../decimal-amount.js';
import type { BookRecord, RecordKind } from './book-record.js';
import type { BookContact } from './books.js';
import { lineKind } from './line-candidates.js';
import { normalizeName } from './normalize-name.js';
import type { BookingProposal, ProposedContact } from './reconcile-result.js';

interface Habit {
  readonly categoryId: number | undefined;
  readonly taxId: number | undefined;
  readonly taxPercentageRate: string | undefined;
  readonly count: number;
}

/** Looks up contacts and the booking habits of each, built once per statement. */
export interface ProposalIndex {
  readonly contacts: ReadonlyMap<number, BookContact>;
  /** Normalized name or company → the contacts that have it. */
  readonly byName: ReadonlyMap<string, readonly number[]>;
  readonly ibanContacts: ReadonlyMap<string, ReadonlySet<number>>;
  /** `kind:contactId` → the records of that contact, of the period and earlier. */
  readonly byContact: ReadonlyMap<string, readonly BookRecord[]>;
  /** Habits already worked out, by `kind:contactId`. */
  readonly habits: Map<string, Habit | null>;
}

/**
 * The most used (ledger account or income type, tax) of a contact's records of one kind; on a tie the
 * one used last, then the lower ids.
 */
function habitOf(index: ProposalIndex, kind: RecordKind, contactId: number): Habit | null {
  const key = `${kind}:${contactId}`;
  const known = index.habits.get(key);
  if (known !== undefined) return known;
  const records = index.byContact.get(key) ?? [];
  const groups = new Map<string, { record: BookRecord; count: number; last: string }>();
  for (const r of records) {
    if (r.categoryId === undefined) continue;
    const g = `${r.categoryId}|${r.taxId ?? ''}|${r.taxPercentageRate ?? ''}`;
    const seen = groups.get(g);
    if (!seen) groups.set(g, { record: r, count: 1, last: r.date });
    else {
      seen.count++;
      if (r.date > seen.last) seen.last = r.date;
    }
  }
  let best: { record: BookRecord; count: number; last: string } | undefined;
  for (const g of groups.values()) {
    if (
      !best ||
      g.count > best.count ||
      (g.count === best.count &&
        (g.last > best.last ||
          (g.last === best.last &&
            ((g.record.categoryId ?? 0) < (best.record.categoryId ?? 0) ||
              ((g.record.categoryId ?? 0) === (best.record.categoryId ?? 0) &&
                (g.record.taxId ?? 0) < (best.record.taxId ?? 0))))))
    )
      best = g;
  }
  const habit: Habit | null = best
    ? {
        categoryId: best.record.categoryId,
        taxId: best.record.taxId,
        taxPercentageRate: best.record.taxPercentageRate,
        count: best.count,
      }
    : null;
  index.habits.set(key, habit);
  return habit;
}

/**
 * The contact of a line: the one contact its counterparty IBAN was matched to before, else the one
 * contact whose name or company is its counterparty name once normalized. The remittance is never
 * read: a memo cannot name the contact.
 */
function contactOf(
  line: StatementLine,
  index: ProposalIndex,
): { contact: ProposedContact | null; reason: 'no contact' | 'several contacts' | null } {
  const byIban =
    line.counterpartyIban === undefined ? undefined : index.ibanContacts.get(line.counterpartyIban);
  if (byIban?.size === 1) {
    const [id] = byIban;
    if (id !== undefined && index.contacts.has(id)) return { contact: { id, by: 'iban' }, reason: null };
  }
  const name = normalizeName(line.counterpartyName);
  const named = name === '' ? [] : (index.byName.get(name) ?? []);
  if (named.length === 1 && named[0] !== undefined)
    return { contact: { id: named[0], by: 'name' }, reason: null };
  return { contact: null, reason: named.length > 1 ? 'several contacts' : 'no contact' };
}

/**
 * What to book for an unmatched line: an expense for a debit, an income for a credit, of the line's
 * absolute amount on its booking date, against its contact, with the contact's usual ledger account
 * (or income type) and tax.
 */
export function proposeBooking(line: StatementLine, index: ProposalIndex): BookingProposal {
  const kind = lineKind(line);
  const { contact, reason } = contactOf(line, index);
  const habit = contact ? habitOf(index, kind, contact.id) : null;
  const base = {
    amount: absoluteAmount(line.amount),
    date: line.bookingDate,
    contact,
    contactReason: reason,
    historyReason:
      contact === null ? ('no contact' as const) : habit === null ? ('no history' as const) : null,
    basedOn: habit?.count ?? 0,
  };
  return kind === 'expense'
    ? { kind, ...base, ledgerAccountId: habit?.categoryId ?? null, taxRateId: habit?.taxId ?? null }
    : {
        kind,
        ...base,
        incomeTypeId: habit?.categoryId ?? null,
        taxCodeId: habit?.taxId ?? null,
        taxPercentageRate: habit?.taxPercentageRate ?? null,
      };
}
