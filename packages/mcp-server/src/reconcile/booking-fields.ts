import { sumDecimals } from '@acctkit/client';
import type { BookBankAccount, BookingProposal } from '@acctkit/reconcile';
import type { BusinessConnection } from '../business-connection.js';
import type { JsonSchema } from '../json-schema.js';
import { EXPENSES, INCOMES, type RecordKind } from '../record-kinds.js';

type Variant = BusinessConnection['variant'];

/** The payment method of a booking from a bank statement unless overridden: 1 `BANK_TRANSFER` (B27). */
export const BANK_TRANSFER = 1;

/** What a caller may set per line: create-tool fields the line itself does not decide. */
export const OVERRIDE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    line: { type: 'string' },
    contact_id: { type: 'integer' },
    ledger_account_id: { type: 'integer' },
    tax_rate_id: { type: 'integer' },
    vat_value: { type: 'string' },
    source_id: { type: 'integer' },
    tax_code_id: { type: 'integer' },
    tax_percentage_rate: { type: 'string' },
    payment_method_id: { type: 'integer' },
    reference: { type: 'string' },
  },
  required: ['line'],
  additionalProperties: false,
};

/** The override fields each kind takes, per variant (the spec's create bodies). */
const ALLOWED: Readonly<Record<'expense' | 'income', Readonly<Record<Variant, readonly string[]>>>> = {
  expense: {
    de: ['contact_id', 'ledger_account_id', 'tax_rate_id', 'vat_value', 'reference'],
    pt: ['ledger_account_id', 'payment_method_id'],
  },
  income: {
    de: ['contact_id', 'source_id', 'tax_code_id', 'tax_percentage_rate', 'payment_method_id', 'reference'],
    pt: ['contact_id', 'source_id', 'tax_code_id', 'tax_percentage_rate', 'payment_method_id', 'reference'],
  },
};

/** A line's create: its kind and the create tool's arguments; or why it cannot be booked. */
export type Booking =
  | { readonly kind: RecordKind; readonly fields: Record<string, unknown> }
  | { readonly problem: string };

function refId(value: unknown): number | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

function negate(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

/**
 * The create for an unmatched line: the amount (the record's gross), date and bank account from the
 * line, the contact, type and tax from its proposal, replaced only by the caller's overrides. Nothing
 * of the line's texts is used.
 */
export function bookingOf(
  variant: Variant,
  proposal: BookingProposal,
  bank: BookBankAccount,
  override: Readonly<Record<string, unknown>>,
): Booking {
  const { line: _line, ...given } = override;
  const refused = Object.keys(given).filter((k) => !ALLOWED[proposal.kind][variant].includes(k));
  if (refused.length > 0) return { problem: `a ${variant} ${proposal.kind} takes no ${refused.join(', ')}` };
  const pick = <T>(name: string, proposed: T | null | undefined): T | undefined =>
    (given[name] as T | undefined) ?? proposed ?? undefined;
  const present = (fields: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const contact = pick<number>('contact_id', proposal.contact?.id);
  if (proposal.kind === 'expense') {
    const ledger = pick<number>('ledger_account_id', proposal.ledgerAccountId);
    if (ledger === undefined)
      return {
        problem: `no expense type (${proposal.historyReason ?? 'none'}): give ledger_account_id in overrides`,
      };
    if (variant === 'pt')
      return {
        kind: EXPENSES,
        fields: present({
          date: proposal.date,
          total: proposal.amount,
          bank_account_id: bank.id,
          ledger_account_id: ledger,
          payment_method_id: given.payment_method_id,
        }),
      };
    // The API lists no tax percentages, so the gross is split only as the caller says (vat_value).
    const vat = (given.vat_value as string | undefined) ?? '0.00';
    return {
      kind: EXPENSES,
      fields: present({
        date: proposal.date,
        contact_id: contact,
        bank_account_id: bank.id,
        ledger_account_id: ledger,
        tax_rate_id: pick<number>('tax_rate_id', proposal.taxRateId),
        reference: given.reference,
        total: sumDecimals([proposal.amount, negate(vat)]),
        vat_value: vat,
      }),
    };
  }
  const source = pick<number>('source_id', proposal.incomeTypeId);
  if (source === undefined)
    return { problem: `no income type (${proposal.historyReason ?? 'none'}): give source_id in overrides` };
  const destination = refId(bank.ledger_account);
  if (destination === undefined)
    return { problem: `bank account ${bank.id} has no ledger account for incomes` };
  return {
    kind: INCOMES,
    fields: present({
      date: proposal.date,
      amount: proposal.amount,
      is_tax_included: true,
      tax_code_id: pick<number>('tax_code_id', proposal.taxCodeId),
      tax_percentage_rate: pick<string>('tax_percentage_rate', proposal.taxPercentageRate),
      source_id: source,
      destination_id: destination,
      payment_method_id: pick<number>('payment_method_id', BANK_TRANSFER),
      contact_id: contact,
      reference: given.reference,
    }),
  };
}
