import { type BookBankAccount, type BookingProposal, bookingFields } from '@acctkit/reconcile';
import type { BusinessConnection } from '../business-connection.js';
import type { JsonSchema } from '../json-schema.js';
import { EXPENSES, INCOMES, type RecordKind } from '../record-kinds.js';

/** What a caller may set per line: create-tool fields the line itself does not decide. */
export const OVERRIDE_SCHEMA: JsonSchema & { readonly type: 'object' } = {
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

/** A line's create: its kind and the create tool's arguments; or why it cannot be booked. */
export type Booking =
  | { readonly kind: RecordKind; readonly fields: Record<string, unknown> }
  | { readonly problem: string };

/**
 * The create for an unmatched line, as `@acctkit/reconcile`'s `bookingFields` makes it (the amount,
 * date and bank account from the line, the contact, type and tax from its proposal, replaced only by
 * the caller's overrides), with the record kind of this server and a problem said in the tool's terms.
 */
export function bookingOf(
  variant: BusinessConnection['variant'],
  proposal: BookingProposal,
  bank: BookBankAccount,
  override: Readonly<Record<string, unknown>>,
): Booking {
  const { line: _line, ...given } = override;
  const booking = bookingFields(variant, proposal, bank, given);
  if ('fields' in booking)
    return { kind: booking.kind === 'expense' ? EXPENSES : INCOMES, fields: { ...booking.fields } };
  const { problem } = booking;
  switch (problem.code) {
    case 'OVERRIDE_NOT_TAKEN':
      return { problem: `a ${variant} ${proposal.kind} takes no ${problem.fields.join(', ')}` };
    case 'NO_TYPE':
      return {
        problem: `no ${proposal.kind} type (${problem.reason ?? 'none'}): give ${problem.field} in overrides`,
      };
    case 'NO_INCOME_ACCOUNT':
      return { problem: `bank account ${problem.bankAccountId} has no ledger account for incomes` };
  }
}
