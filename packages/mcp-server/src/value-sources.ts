/**
 * Where an agent finds valid values for an id argument: the tool (and `kind` of `list_reference`)
 * that lists them. Used in argument descriptions and in the hints of field errors.
 */
export const VALUE_SOURCES: Readonly<Record<string, string>> = {
  contact_id: 'list_contacts',
  contact_type_id: "list_reference kind 'contact_types'",
  contact_type: "list_reference kind 'contact_types'",
  country_id: "list_reference kind 'countries'",
  bank_account_id: 'list_bank_accounts',
  ledger_account_id: "list_reference kind 'expense_types'",
  source_id: "list_reference kind 'income_types'",
  destination_id: 'list_bank_accounts (their ledger_account id)',
};

/** The hint for a field, such as `Ids: list_contacts.`, or `undefined`. */
export function valueSourceHint(field: string): string | undefined {
  const leaf = field.split('.').pop() ?? field;
  const source = VALUE_SOURCES[leaf];
  return source ? `Ids: ${source}.` : undefined;
}
