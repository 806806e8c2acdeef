import type { BusinessConnection } from '../business-connection.js';
import type { RecordKind } from '../records.js';

type Variant = BusinessConnection['variant'];

/** How the tools of one record kind reach the service. */
export interface ResourceKind {
  readonly kind: RecordKind;
  /** Singular, for titles and messages. */
  readonly singular: string;
  readonly path: string;
  /** The key the body is wrapped in (`contact[...]`) for a variant, or `undefined` when flat. */
  readonly wrap: (variant: Variant) => string | undefined;
  /** Argument names that differ from the record's names on the wire's `$source`. */
  readonly fieldNames?: Readonly<Record<string, string>>;
  /** What a confirmation shows of a record: name, date, amounts. */
  readonly describe: (record: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** Fields whose change needs confirmation (amounts). */
  readonly amountFields: readonly string[];
  /** Body fields that hold dates in `dd/mm/yyyy` on the wire. */
  readonly dmyFields: readonly string[];
}

export const CONTACTS: ResourceKind = {
  kind: 'contacts',
  singular: 'contact',
  path: '/accounts/v2/contacts',
  wrap: () => 'contact',
  describe: (r) => ({ name: r.name, company: r.company, email: r.email }),
  amountFields: [],
  dmyFields: [],
};

export const EXPENSES: ResourceKind = {
  kind: 'expenses',
  singular: 'expense',
  path: '/accounts/v2/expenses',
  // Variant B's expense fields are flat, not wrapped (DECISIONS and the pt spec).
  wrap: (variant) => (variant === 'de' ? 'expense' : undefined),
  describe: (r) => ({
    date: r.date,
    contact: r.contact_name,
    reference: r.reference,
    net: r.total,
    tax: r.vat_value,
    gross: r.gross_total,
  }),
  amountFields: ['total', 'vat_value'],
  dmyFields: [],
};

export const INCOMES: ResourceKind = {
  kind: 'incomes',
  singular: 'income',
  path: '/accounts/v2/incomes',
  wrap: () => 'income',
  describe: (r) => ({
    date: r.date,
    reference: r.reference,
    net: r.amount,
    tax: r.tax_amount,
    gross: r.gross_amount,
  }),
  amountFields: ['amount', 'tax_amount'],
  dmyFields: ['date', 'invoice_date'],
};
