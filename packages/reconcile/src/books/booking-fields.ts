import { decimalSum } from '@acctkit/openapi/formats';
import type { RecordKind } from '../match/book-record.js';
import type { BookBankAccount } from '../match/books.js';
import type { BookingProposal } from '../match/reconcile-result.js';
import { ReconcileError } from '../reconcile-error.js';
import type { Variant } from '../variant.js';

/** The payment method of a booking from a bank statement unless overridden: 1, `BANK_TRANSFER` (B27). */
export const BANK_TRANSFER_PAYMENT_METHOD = 1;

/**
 * The create fields a caller may set per line, by record kind and variant (the spec's create bodies):
 * what the line itself does not decide. Amount, date and bank account always come from the line.
 */
export const BOOKING_OVERRIDES: Readonly<Record<RecordKind, Readonly<Record<Variant, readonly string[]>>>> = {
  expense: {
    de: ['contact_id', 'ledger_account_id', 'tax_rate_id', 'vat_value', 'reference'],
    pt: ['ledger_account_id', 'payment_method_id'],
  },
  income: {
    de: ['contact_id', 'source_id', 'tax_code_id', 'tax_percentage_rate', 'payment_method_id', 'reference'],
    pt: ['contact_id', 'source_id', 'tax_code_id', 'tax_percentage_rate', 'payment_method_id', 'reference'],
  },
};

/**
 * Why a line cannot be booked as proposed: an override its kind does not take (`OVERRIDE_NOT_TAKEN`),
 * no expense type or income type proposed nor given (`NO_TYPE`, with the proposal's `historyReason`),
 * or an income to a bank account without a ledger account to receive it (`NO_INCOME_ACCOUNT`).
 */
export type BookingProblem =
  | { readonly code: 'OVERRIDE_NOT_TAKEN'; readonly fields: readonly string[] }
  | {
      readonly code: 'NO_TYPE';
      /** The field that names the type: `ledger_account_id` (expense) or `source_id` (income). */
      readonly field: 'ledger_account_id' | 'source_id';
      readonly reason: BookingProposal['historyReason'];
    }
  | { readonly code: 'NO_INCOME_ACCOUNT'; readonly bankAccountId: number };

/**
 * The create of an unmatched line: the record kind and the create's fields under the spec's body
 * names (dates ISO, nothing wrapped), or why it cannot be booked.
 */
export type BookingFields =
  | { readonly kind: RecordKind; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly problem: BookingProblem };

function refId(value: unknown): number | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

function negate(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

/** The amount less the VAT given as an override; a VAT that is not a decimal string is refused. */
function netOf(amount: string, vat: string): string {
  const net = decimalSum([amount, negate(vat)]);
  if (net === null)
    throw new ReconcileError(
      'INVALID_OPTIONS',
      `vat_value must be a decimal string like '19.00', not ${JSON.stringify(vat)}.`,
    );
  return net;
}

function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/**
 * What to create for an unmatched line: the amount (the record's gross), date and bank account from
 * the line, the contact, type and tax from its proposal, each replaced only by `overrides`. Nothing of
 * the line's texts is used. A `de` expense is sent gross with `vat_value` 0 unless `overrides` gives
 * `vat_value` (the net is the amount minus it): the API lists no tax percentages to split by. An
 * income is tax-included, received on the bank account's ledger account, paid by bank transfer unless
 * overridden. The MCP server's `book_statement_lines` and `acctkit reconcile --book` both book
 * through this, so the same line gets the same fields (and its `bookingKey` finds the same create).
 *
 * @param variant - The business's variant.
 * @param proposal - The `proposal` of an unmatched line of `reconcileStatement`.
 * @param bank - The bank account the statement was reconciled against (`summary.bankAccountId`).
 * @param overrides - Create fields to set instead of the proposal's ({@link BOOKING_OVERRIDES}); default none.
 * @returns The kind and fields, or the problem.
 * @throws ReconcileError `INVALID_OPTIONS` when the `vat_value` override is not a decimal string.
 * @example
 * ```ts
 * import { bookingFields, type BookBankAccount, type BookingProposal } from '@acctkit/reconcile';
 * declare const proposal: BookingProposal, bank: BookBankAccount;
 * const booking = bookingFields('de', proposal, bank);
 * if ('fields' in booking) console.log(booking.kind, booking.fields);
 * else console.log(booking.problem.code);
 * ```
 */
export function bookingFields(
  variant: Variant,
  proposal: BookingProposal,
  bank: BookBankAccount,
  overrides: Readonly<Record<string, unknown>> = {},
): BookingFields {
  const refused = Object.keys(overrides).filter(
    (k) => !BOOKING_OVERRIDES[proposal.kind][variant].includes(k),
  );
  if (refused.length > 0) return { problem: { code: 'OVERRIDE_NOT_TAKEN', fields: refused } };
  const pick = <T>(name: string, proposed: T | null | undefined): T | undefined =>
    (overrides[name] as T | undefined) ?? proposed ?? undefined;
  const contact = pick<number>('contact_id', proposal.contact?.id);
  if (proposal.kind === 'expense') {
    const ledger = pick<number>('ledger_account_id', proposal.ledgerAccountId);
    if (ledger === undefined)
      return { problem: { code: 'NO_TYPE', field: 'ledger_account_id', reason: proposal.historyReason } };
    if (variant === 'pt')
      return {
        kind: 'expense',
        fields: present({
          date: proposal.date,
          total: proposal.amount,
          bank_account_id: bank.id,
          ledger_account_id: ledger,
          payment_method_id: overrides.payment_method_id,
        }),
      };
    const vat = (overrides.vat_value as string | undefined) ?? '0.00';
    return {
      kind: 'expense',
      fields: present({
        date: proposal.date,
        contact_id: contact,
        bank_account_id: bank.id,
        ledger_account_id: ledger,
        tax_rate_id: pick<number>('tax_rate_id', proposal.taxRateId),
        reference: overrides.reference,
        total: netOf(proposal.amount, vat),
        vat_value: vat,
      }),
    };
  }
  const source = pick<number>('source_id', proposal.incomeTypeId);
  if (source === undefined)
    return { problem: { code: 'NO_TYPE', field: 'source_id', reason: proposal.historyReason } };
  const destination = refId(bank.ledger_account);
  if (destination === undefined) return { problem: { code: 'NO_INCOME_ACCOUNT', bankAccountId: bank.id } };
  return {
    kind: 'income',
    fields: present({
      date: proposal.date,
      amount: proposal.amount,
      is_tax_included: true,
      tax_code_id: pick<number>('tax_code_id', proposal.taxCodeId),
      tax_percentage_rate: pick<string>('tax_percentage_rate', proposal.taxPercentageRate),
      source_id: source,
      destination_id: destination,
      payment_method_id: pick<number>('payment_method_id', BANK_TRANSFER_PAYMENT_METHOD),
      contact_id: contact,
      reference: overrides.reference,
    }),
  };
}
