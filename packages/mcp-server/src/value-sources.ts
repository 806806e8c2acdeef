import { RECORD_KINDS, recordToolName } from './record-kinds.js';

/**
 * Where an agent finds valid values for an id argument: the tool (and `kind` of `list_reference`)
 * that lists them. Used in argument descriptions and in the hints of field errors. A record kind's
 * ids (`contact_id`) come from its list tool.
 */
const VALUE_SOURCES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    RECORD_KINDS.filter((kind) => kind.tools.list).map((kind) => [
      `${kind.singular}_id`,
      recordToolName(kind, 'list'),
    ]),
  ),
  contact_type_id: "list_reference kind 'contact_types'",
  contact_type: "list_reference kind 'contact_types'",
  country_id: "list_reference kind 'countries'",
  bank_account_id: 'list_bank_accounts',
  ledger_account_id: "list_reference kind 'expense_types'",
  source_id: "list_reference kind 'income_types'",
  destination_id: 'list_bank_accounts (their ledger_account id)',
};

/** Where valid values of a field (a name or a dotted path) come from, such as `list_contacts`, or `undefined`. */
export function valueSource(field: string): string | undefined {
  return VALUE_SOURCES[field.split('.').pop() ?? field];
}

/** The hint for a field, such as `Ids: list_contacts.`, or `undefined`. */
export function valueSourceHint(field: string): string | undefined {
  const source = valueSource(field);
  return source ? `Ids: ${source}.` : undefined;
}
