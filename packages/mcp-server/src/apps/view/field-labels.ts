// What a person reads in place of the service's field names: a label per field the record kinds
// have, and the fields whose values are amounts or dates (written in the business's locale).

const LABELS: Readonly<Record<string, string>> = {
  id: 'Id',
  account_number: 'Debtor or creditor number',
  amount: 'Net amount',
  bank_account: 'Bank account',
  company: 'Company',
  contact: 'Contact',
  contact_id: 'Contact id',
  contact_name: 'Contact',
  contact_types: 'Contact type',
  date: 'Date',
  delivery_address: 'Delivery address',
  destination: 'Receiving account',
  editable: 'Editable',
  email: 'Email',
  gross_amount: 'Gross amount',
  gross_total: 'Gross total',
  invoice_date: 'Invoice date',
  ledger_account: 'Expense type',
  main_address: 'Main address',
  mobile: 'Mobile',
  multiple_line_items: 'Several line items',
  name: 'Name',
  notes: 'Notes',
  payment_method: 'Payment method',
  reference: 'Reference',
  source: 'Income type',
  tax_amount: 'Tax amount',
  tax_authentication_number: 'Tax-office number',
  tax_code: 'Tax code',
  tax_eligible: 'Tax eligible',
  tax_number: 'VAT number',
  tax_percentage_rate: 'Tax rate (%)',
  tax_rate: 'Tax rate',
  tax_scheme_period_id: 'Tax period id',
  telephone: 'Telephone',
  total: 'Net total',
  vat_value: 'VAT',
  voided: 'Voided',
  withholding_tax: 'Withholding tax',
};

/** Fields whose values are money: decimal strings in the business's currency. */
export const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'balance',
  'gross_amount',
  'gross_total',
  'tax_amount',
  'total',
  'vat_value',
]);

/** Fields whose values are ISO dates. */
export const DATE_FIELDS: ReadonlySet<string> = new Set(['date', 'invoice_date']);

/**
 * A field's label: the one above, else its name in words (`line_1` → `Line 1`).
 *
 * @param field - the service's field name.
 */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known !== undefined) return known;
  const words = field.replace(/_/g, ' ').trim();
  return words === '' ? field : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
