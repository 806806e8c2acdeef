import type {
  BookContact,
  BookingProposal,
  LineReconciliation,
  MatchCandidate,
  StatementLine,
} from '@acctkit/reconcile';
import type { JsonSchema } from '../json-schema.js';
import { objectSchema } from '../tool-schema.js';

/** The names of the books' contacts by id (the company where one is set, else the name). */
export type ContactNames = ReadonlyMap<number, string>;

/** The names of `contacts` by id, so a line shows the contact it proposes by name, not by id alone. */
export function contactNames(contacts: readonly BookContact[]): ContactNames {
  const names = new Map<number, string>();
  for (const c of contacts) {
    const name = [c.company, c.name].find((n): n is string => typeof n === 'string' && n.trim() !== '');
    if (name !== undefined) names.set(c.id, name);
  }
  return names;
}

/** A proposal under the create tools' argument names, so a caller's overrides use the same ones. */
export function proposalView(proposal: BookingProposal, names: ContactNames): Record<string, unknown> {
  const contactName = proposal.contact ? names.get(proposal.contact.id) : undefined;
  const common = {
    kind: proposal.kind,
    amount: proposal.amount,
    date: proposal.date,
    contact_id: proposal.contact?.id ?? null,
    ...(contactName !== undefined && { contact_name: contactName }),
  };
  const missing = [proposal.contactReason, proposal.historyReason].filter((r) => r !== null);
  const why = missing.length > 0 ? { missing: [...new Set(missing)].join(', ') } : {};
  if (proposal.kind === 'expense')
    return {
      ...common,
      ledger_account_id: proposal.ledgerAccountId,
      tax_rate_id: proposal.taxRateId,
      ...why,
    };
  return {
    ...common,
    source_id: proposal.incomeTypeId,
    tax_code_id: proposal.taxCodeId,
    tax_percentage_rate: proposal.taxPercentageRate,
    ...why,
  };
}

function candidateView(c: MatchCandidate): Record<string, unknown> {
  return { kind: c.record.kind, id: c.record.id, method: c.method, days: c.days };
}

/**
 * One line as the tools return it: the bank's texts (counterparty, remittance) only as data fields,
 * and what the matcher decided; a match with its record's date, a proposal with its contact's name.
 */
export function lineView(
  line: StatementLine,
  outcome: LineReconciliation,
  key: string,
  names: ContactNames,
): Record<string, unknown> {
  const texts = {
    ...(line.counterpartyName !== undefined && { counterparty: line.counterpartyName }),
    ...(line.counterpartyIban !== undefined && { counterparty_iban: line.counterpartyIban }),
    ...(line.remittance !== undefined && { remittance: line.remittance }),
  };
  const base = {
    line: line.line,
    status: outcome.status,
    date: line.bookingDate,
    amount: line.amount,
    ...texts,
    booking_key: key,
  };
  if (outcome.status === 'matched')
    return {
      ...base,
      match: {
        kind: outcome.record.kind,
        id: outcome.record.id,
        date: outcome.record.date,
        method: outcome.method,
        confidence: outcome.confidence,
        evidence: outcome.evidence,
      },
    };
  if (outcome.status === 'ambiguous')
    return { ...base, reason: outcome.reason, candidates: outcome.candidates.map(candidateView) };
  return { ...base, proposal: proposalView(outcome.proposal, names) };
}

const STRING: JsonSchema = { type: 'string' };

/**
 * The schema of a line as listed: the fields every line has and the payer's texts; `match`,
 * `candidates`, `proposal` and the rest are described in the README (a shorter catalogue).
 */
export const LINE_SCHEMA: JsonSchema = objectSchema(
  {
    line: STRING,
    status: { type: 'string', enum: ['matched', 'ambiguous', 'unmatched'] },
    date: STRING,
    amount: STRING,
    counterparty: STRING,
    remittance: STRING,
  },
  ['line', 'status', 'date', 'amount'],
  false,
);
