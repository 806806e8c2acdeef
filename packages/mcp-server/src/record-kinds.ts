import type { BusinessConnection } from './business-connection.js';

type Variant = BusinessConnection['variant'];

/** A tool of a record kind, by what it does: `list_<name>`, or `<operation>_<singular>`. */
export type RecordOperation = 'list' | 'get' | 'create' | 'update' | 'delete';

/** A tool a record kind has: what its description says. */
export interface RecordTool {
  readonly description: string;
}

/** A tool that takes a request body's fields: the spec schema of that body, too. */
export interface RecordBodyTool extends RecordTool {
  /** The spec schema of the body (`ContactCreate`), which `scripts/generate-tool-schemas.ts` generates. */
  readonly body: string;
}

/**
 * Everything the server knows of one kind of record. The kind's tools (`src/tools/record-tools.ts`),
 * its resource template (`src/resources.ts`), its toolset (`src/toolset.ts`), its place in the
 * catalogue (`src/catalogue.ts`) and the schemas generated for it (`scripts/generate-tool-schemas.ts`)
 * are all derived from this; nothing else names the kind.
 */
export interface RecordKind<Name extends string = string> {
  /** Plural, as the toolset, the `list_` tool and the resource URI name it (`contacts`). */
  readonly name: Name;
  /** Singular, for the other tools' names, titles and messages (`contact`). */
  readonly singular: string;
  /** The spec path of the collection; one record is `<path>/{id}`. */
  readonly path: string;
  /** The spec schema of a record as the service returns it (`Contact`). */
  readonly record: string;
  /** The tools the kind has; the catalogue lists them in this order. */
  readonly tools: {
    readonly list?: RecordTool;
    readonly get?: RecordTool;
    readonly create?: RecordBodyTool;
    readonly update?: RecordBodyTool;
    readonly delete?: RecordTool;
  };
  /** The key the body is wrapped in (`contact[...]`) for a variant, or `undefined` when flat. */
  readonly wrap: (variant: Variant) => string | undefined;
  /** Argument names that differ from the record's names on the wire's `$source`. */
  readonly fieldNames?: Readonly<Record<string, string>>;
  /** What a confirmation shows of a record besides its amounts: name, date, reference. */
  readonly describe: (record: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /**
   * The record's amount fields, if it has any. Net and tax are what a create or update sets: changing
   * either needs the user's confirmation. Summaries add up all three; confirmations show them.
   */
  readonly amounts?: { readonly net: string; readonly tax: string; readonly gross: string };
  /** Body fields that hold dates in `dd/mm/yyyy` on the wire (the tools take ISO dates). */
  readonly dmyFields: readonly string[];
  /** List filters that take dates in `dd/mm/yyyy` on the wire (the tools take ISO dates). */
  readonly dmyFilters: readonly string[];
  /**
   * The record's values under the create and update tools' argument names (null fields left out).
   * `undo_change` keeps of them what the spec's body schema takes and leaves out what means "not set"
   * (`src/changes/restore-arguments.ts`) to re-create a deleted record, restore an update and see whether a
   * record changed. Kinds without it can only have their creates undone.
   */
  readonly toArguments?: (
    record: Readonly<Record<string, unknown>>,
    variant: Variant,
  ) => Record<string, unknown>;
}

type Fields = Readonly<Record<string, unknown>>;

/** The `id` of a linked record (`{ id: 3, $key: 3 }`), when it is set. */
function idOf(value: unknown): unknown {
  const link = value as { id?: unknown } | null | undefined;
  return link && typeof link === 'object' ? link.id : undefined;
}

function stringOf(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

/** Only the entries with a value: null, undefined and unset links left out. */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  );
}

/** An address as the contact tools take it, from the address the service returns. */
function addressArguments(address: unknown, variant: Variant): Record<string, unknown> | undefined {
  const a = address as Fields | null | undefined;
  if (!a || typeof a !== 'object' || idOf(a) === undefined) return undefined;
  // Variant A takes `line_1`/`line_2` and returns `street_one`/`street_two` (DECISIONS); B takes its own names.
  const streets =
    variant === 'de'
      ? { line_1: a.street_one, line_2: a.street_two }
      : { street_one: a.street_one, street_two: a.street_two };
  return present({
    ...streets,
    town: a.town,
    county: a.county,
    postcode: a.postcode,
    country_id: idOf(a.country),
  });
}

/** Customers and suppliers. */
export const CONTACTS: RecordKind<'contacts'> = {
  name: 'contacts',
  singular: 'contact',
  path: '/accounts/v2/contacts',
  record: 'Contact',
  tools: {
    list: { description: 'Lists customers and suppliers.' },
    get: { description: 'Reads one contact by id.' },
    create: {
      description: 'Creates a customer or supplier; search list_contacts first to avoid duplicates.',
      body: 'ContactCreate',
    },
    update: { description: 'Changes the given fields of an editable contact.', body: 'ContactUpdate' },
    delete: { description: 'Deletes a contact once the user confirms.' },
  },
  wrap: () => 'contact',
  describe: (r) => ({ name: r.name, company: r.company, email: r.email }),
  dmyFields: [],
  dmyFilters: [],
  toArguments: (r, variant) =>
    present({
      contact_type_id: idOf((r.contact_types as unknown[] | undefined)?.[0]),
      ...(variant === 'de'
        ? {
            company: r.company,
            account_number: r.account_number,
            tax_authentication_number: r.tax_authentication_number,
            tax_eligible: r.tax_eligible,
          }
        : { company_name: r.company, withholding_tax_id: stringOf(idOf(r.withholding_tax)) }),
      name: r.name,
      email: r.email,
      mobile: r.mobile,
      telephone: r.telephone,
      notes: r.notes,
      tax_number: r.tax_number,
      main_address: addressArguments(r.main_address, variant),
      delivery_address: addressArguments(r.delivery_address, variant),
    }),
};

/** Money spent. */
export const EXPENSES: RecordKind<'expenses'> = {
  name: 'expenses',
  singular: 'expense',
  path: '/accounts/v2/expenses',
  record: 'Expense',
  tools: {
    list: { description: 'Lists expenses, optionally between from_date and to_date (give both).' },
    get: { description: 'Reads one expense by id.' },
    create: { description: 'Records an expense with one line item.', body: 'ExpenseCreate' },
    update: {
      description: 'Changes the given fields of a one-line expense; the user confirms amount changes first.',
      body: 'ExpenseUpdate',
    },
    delete: { description: 'Deletes an expense once the user confirms.' },
  },
  // Variant B's expense fields are flat, not wrapped (DECISIONS and the pt spec).
  wrap: (variant) => (variant === 'de' ? 'expense' : undefined),
  describe: (r) => ({ date: r.date, contact: r.contact_name, reference: r.reference }),
  amounts: { net: 'total', tax: 'vat_value', gross: 'gross_total' },
  dmyFields: [],
  dmyFilters: [],
  toArguments: (r, variant) =>
    present({
      date: r.date,
      bank_account_id: idOf(r.bank_account),
      ledger_account_id: idOf(r.ledger_account),
      total: r.total,
      ...(variant === 'de'
        ? {
            contact_id: r.contact_id,
            tax_rate_id: idOf(r.tax_rate),
            reference: r.reference,
            vat_value: r.vat_value,
          }
        : { payment_method_id: idOf(r.payment_method) }),
    }),
};

/** Money received. */
export const INCOMES: RecordKind<'incomes'> = {
  name: 'incomes',
  singular: 'income',
  path: '/accounts/v2/incomes',
  record: 'Income',
  tools: {
    list: { description: 'Lists the incomes of a period.' },
    get: { description: 'Reads one income by id.' },
    create: { description: 'Records an income received.', body: 'IncomeCreate' },
  },
  wrap: () => 'income',
  describe: (r) => ({ date: r.date, reference: r.reference }),
  amounts: { net: 'amount', tax: 'tax_amount', gross: 'gross_amount' },
  dmyFields: ['date', 'invoice_date'],
  dmyFilters: ['from_date', 'to_date'],
};

/** Every record kind, in catalogue order. */
export const RECORD_KINDS: readonly [typeof CONTACTS, typeof EXPENSES, typeof INCOMES] = [
  CONTACTS,
  EXPENSES,
  INCOMES,
];

/** The name of a record kind (`contacts`). */
export type RecordKindName = (typeof RECORD_KINDS)[number]['name'];

/** The name of a record kind's tool for an operation: `list_contacts`, `get_contact`. */
export function recordToolName(kind: RecordKind, operation: RecordOperation): string {
  return operation === 'list' ? `list_${kind.name}` : `${operation}_${kind.singular}`;
}

/** The fields whose change needs the user's confirmation: the net and tax amounts. */
export function confirmedFields(kind: RecordKind): readonly string[] {
  return kind.amounts ? [kind.amounts.net, kind.amounts.tax] : [];
}

/** What a confirmation shows of a record: its description, then its net, tax and gross amounts. */
export function confirmationDetails(
  kind: RecordKind,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const { amounts } = kind;
  return {
    ...kind.describe(record),
    ...(amounts && { net: record[amounts.net], tax: record[amounts.tax], gross: record[amounts.gross] }),
  };
}

/** The URI template of a record kind's resource: `acctkit://{business}/contacts/{id}`. */
export function recordUriTemplate(kind: RecordKind): string {
  return `acctkit://{business}/${kind.name}/{id}`;
}
