import { isoToDmy, sumDecimals } from '@acctkit/client';
import { MAX_PAGE_SIZE } from '../generated/tool-schemas.js';
import type { JsonSchema } from '../json-schema.js';
import { CONTACTS, EXPENSES, INCOMES, type RecordKind } from '../record-kinds.js';
import { normalizeRecord } from '../records.js';
import { serviceCall, settleAll } from '../service-call.js';
import { defineTool, type ToolContext, type ToolDefinition } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import { objectSchema } from '../tool-schema.js';
import { READ } from './annotations.js';
import type { ServicePage } from './list-tool.js';
import { referenceItems } from './reference-tools.js';

type Flow = 'expenses' | 'incomes';
interface Amounts {
  net: string[];
  tax: string[];
  gross: string[];
}
interface Group {
  label: string;
  expenses: Amounts;
  incomes: Amounts;
}

const TOTALS: JsonSchema = objectSchema(
  {
    count: { type: 'integer' },
    net: { type: 'string' },
    tax: { type: 'string' },
    gross: { type: 'string' },
  },
  ['count', 'net', 'tax', 'gross'],
);

const TOTALS_REF: JsonSchema = { $ref: '#/$defs/totals' };

function reference(value: unknown): number | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

/** Every record of a list operation in the period, page by page, reporting progress. */
async function* everyRecord(
  context: ToolContext,
  flow: Flow,
  from: string,
  to: string,
  counted: { done: number; total: number },
): AsyncGenerator<Record<string, unknown>> {
  const kind = flow === 'expenses' ? EXPENSES : INCOMES;
  const date = (name: string, iso: string): string => (kind.dmyFilters.includes(name) ? isoToDmy(iso) : iso);
  const dates = { from_date: date('from_date', from), to_date: date('to_date', to) };
  let start = 0;
  for (;;) {
    const page = await serviceCall<ServicePage>(context.connection, 'GET', kind.path, {
      params: { query: { ...dates, $startIndex: start, $itemsPerPage: MAX_PAGE_SIZE } },
      signal: context.signal,
    });
    if (start === 0) counted.total += page.$totalResults;
    for (const record of page.$resources) yield normalizeRecord(record);
    start += page.$resources.length;
    counted.done += page.$resources.length;
    await context.progress(counted.done, counted.total, `${flow}: ${start} of ${page.$totalResults}`);
    if (page.$resources.length === 0 || start >= page.$totalResults) return;
  }
}

/**
 * The names of the contacts with these ids (the company where one is set, else the name), read page by
 * page from the contact list: incomes name their contact by id only, unlike `de` expenses.
 */
async function contactNames(context: ToolContext, ids: ReadonlySet<number>): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  let start = 0;
  while (names.size < ids.size) {
    const page = await serviceCall<ServicePage>(context.connection, 'GET', CONTACTS.path, {
      params: { query: { $startIndex: start, $itemsPerPage: MAX_PAGE_SIZE } },
      signal: context.signal,
    });
    for (const contact of page.$resources) {
      const id = (contact as { id?: unknown }).id;
      const name = [contact.company, contact.name].find((n) => typeof n === 'string' && n.trim() !== '');
      if (typeof id === 'number' && ids.has(id) && typeof name === 'string') names.set(id, name);
    }
    start += page.$resources.length;
    if (page.$resources.length === 0 || start >= page.$totalResults) break;
  }
  return names;
}

/** The exact sum, with at least the two decimals of money (`0.00`, not `0`). */
function money(values: readonly string[]): string {
  return sumDecimals(['0.00', ...values]);
}

function totals(amounts: Amounts): Record<string, unknown> {
  return {
    count: amounts.net.length,
    net: money(amounts.net),
    tax: money(amounts.tax),
    gross: money(amounts.gross),
  };
}

const empty = (): Amounts => ({ net: [], tax: [], gross: [] });

/** The amount fields of each flow's records. */
const AMOUNTS: Readonly<Record<Flow, NonNullable<RecordKind['amounts']>>> = {
  expenses: amountsOf(EXPENSES),
  incomes: amountsOf(INCOMES),
};

function amountsOf(kind: RecordKind): NonNullable<RecordKind['amounts']> {
  if (!kind.amounts) throw new Error(`The ${kind.name} kind has no amounts to summarize.`);
  return kind.amounts;
}

/** `summarize_transactions`: exact totals per month, type or contact, paged server-side. */
export const SUMMARIZE_TRANSACTIONS: ToolDefinition = defineTool({
  name: 'summarize_transactions',
  title: 'Summarize transactions',
  description: "Exact net, tax and gross totals of a period's expenses and incomes, grouped by group_by.",
  toolset: 'business',
  perBusiness: true,
  annotations: READ,
  card: 'chart',
  input: () =>
    objectSchema(
      {
        from_date: { type: 'string', format: 'date', description: 'First day of the period.' },
        to_date: { type: 'string', format: 'date', description: 'Last day of the period.' },
        group_by: { type: 'string', enum: ['month', 'type', 'contact'], description: 'How to group.' },
      },
      ['from_date', 'to_date', 'group_by'],
    ),
  // Results also echo `from_date`, `to_date` and `group_by`, the caller's own arguments: not worth listing.
  output: () => ({
    ...objectSchema(
      {
        groups: {
          type: 'array',
          items: objectSchema(
            { key: { type: 'string' }, label: { type: 'string' }, expenses: TOTALS_REF, incomes: TOTALS_REF },
            ['key', 'label', 'expenses', 'incomes'],
          ),
        },
        totals: objectSchema({ expenses: TOTALS_REF, incomes: TOTALS_REF }, ['expenses', 'incomes']),
      },
      ['groups', 'totals'],
      false,
    ),
    // The four totals objects share one definition: a shorter catalogue.
    $defs: { totals: TOTALS },
  }),
  run: async (args, context) => {
    const { from_date: from, to_date: to, group_by: groupBy } = args;
    if (from > to)
      throw new ToolFailure({
        code: 'INVALID_ARGUMENTS',
        message: 'from_date must not be after to_date.',
        business: context.connection.name,
        fields: [{ field: 'from_date', problem: 'after to_date' }],
      });
    const names = new Map<string, string>();
    if (groupBy === 'type') {
      const [expenseTypes, incomeTypes] = await settleAll([
        referenceItems(context.connection, 'expense_types', context.signal),
        referenceItems(context.connection, 'income_types', context.signal),
      ]);
      for (const t of expenseTypes)
        names.set(`expense_type:${String(t.id)}`, String(t.display_name ?? t.name ?? t.id));
      for (const t of incomeTypes) names.set(`income_type:${String(t.id)}`, String(t.name ?? t.id));
    }
    const groups = new Map<string, Group>();
    const group = (key: string, label: string): Group => {
      let found = groups.get(key);
      if (!found) {
        found = { label, expenses: empty(), incomes: empty() };
        groups.set(key, found);
      }
      return found;
    };
    const all = { expenses: empty(), incomes: empty() };
    const counted = { done: 0, total: 0 };
    for (const flow of ['expenses', 'incomes'] as const) {
      for await (const record of everyRecord(context, flow, from, to, counted)) {
        if (record.voided === true) continue;
        const fields = AMOUNTS[flow];
        const net = String(record[fields.net] ?? '0.00');
        const tax = String(record[fields.tax] ?? '0.00');
        const gross = String(record[fields.gross] ?? sumDecimals([net, tax]));
        let key: string;
        let label: string;
        if (groupBy === 'month') {
          key = String(record.date).slice(0, 7);
          label = key;
        } else if (groupBy === 'type') {
          const id = reference(flow === 'expenses' ? record.ledger_account : record.source);
          key = `${flow === 'expenses' ? 'expense_type' : 'income_type'}:${id ?? 'none'}`;
          label = names.get(key) ?? (id === undefined ? 'no type' : key);
        } else {
          const id =
            flow === 'expenses' ? (record.contact_id as number | undefined) : reference(record.contact);
          key = `contact:${id ?? 'none'}`;
          label =
            typeof record.contact_name === 'string' && record.contact_name
              ? record.contact_name
              : id
                ? `contact ${id}`
                : 'no contact';
          const known = groups.get(key);
          if (known?.label.startsWith('contact ')) known.label = label;
        }
        const target = group(key, label)[flow];
        for (const amounts of [target, all[flow]]) {
          amounts.net.push(net);
          amounts.tax.push(tax);
          amounts.gross.push(gross);
        }
      }
    }
    // Contacts that only incomes name are known by id so far: one read of the contact list names them.
    const unnamed = new Map<number, Group>();
    for (const [key, g] of groups) {
      const id = Number(key.slice('contact:'.length));
      if (groupBy === 'contact' && g.label === `contact ${id}`) unnamed.set(id, g);
    }
    if (unnamed.size > 0)
      for (const [id, name] of await contactNames(context, new Set(unnamed.keys())))
        (unnamed.get(id) as Group).label = name;
    return {
      data: {
        from_date: from,
        to_date: to,
        group_by: groupBy,
        groups: [...groups.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, g]) => ({
            key,
            label: g.label,
            expenses: totals(g.expenses),
            incomes: totals(g.incomes),
          })),
        totals: { expenses: totals(all.expenses), incomes: totals(all.incomes) },
      },
    };
  },
});
