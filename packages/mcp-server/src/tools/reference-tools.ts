import type { BusinessConnection } from '../business-connection.js';
import type { RECORD_SCHEMAS } from '../generated/tool-schemas.js';
import { DEFAULT_LIMIT, decodeCursor, PAGING_ARGUMENTS, pageSchema } from '../paging.js';
import { serviceCall } from '../service-call.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { objectSchema } from '../tool-schema.js';
import { READ } from './annotations.js';
import { listTool, pageResult, type ServicePage } from './list-tool.js';

/** A reference list of `list_reference` and of the `acctkit://{business}/reference/{kind}` resources. */
export type ReferenceKind =
  | 'account_types'
  | 'artefact_statuses'
  | 'contact_types'
  | 'countries'
  | 'expense_types'
  | 'income_types';

/** The spec schema of each reference list's items. */
const REFERENCE_RECORDS: Readonly<Record<ReferenceKind, keyof typeof RECORD_SCHEMAS>> = {
  account_types: 'AccountType',
  artefact_statuses: 'ArtefactStatus',
  contact_types: 'ContactType',
  countries: 'Country',
  expense_types: 'ExpenseType',
  income_types: 'IncomeType',
};

/** The reference lists of `list_reference` and the `acctkit://{business}/reference/{kind}` resources. */
export const REFERENCE_KINDS: readonly ReferenceKind[] = Object.keys(REFERENCE_RECORDS) as ReferenceKind[];

/** Every item of a reference list (they come in one page; asked for the largest anyway). */
export async function referenceItems(
  connection: BusinessConnection,
  kind: ReferenceKind,
  signal?: AbortSignal,
): Promise<readonly Record<string, unknown>[]> {
  const page = await serviceCall<ServicePage>(connection, 'GET', `/accounts/v2/${kind}`, {
    params: { query: { $itemsPerPage: 200 } },
    ...(signal ? { signal } : {}),
  });
  return page.$resources;
}

const listReference: ToolDefinition = defineTool({
  name: 'list_reference',
  title: 'List reference data',
  description: 'Lists reference data of one kind. Use ids and $symbol, not localised names.',
  toolset: 'reference',
  perBusiness: true,
  annotations: READ,
  input: () =>
    objectSchema(
      {
        kind: { type: 'string', enum: [...REFERENCE_KINDS], description: 'Reference list.' },
        ...PAGING_ARGUMENTS,
      },
      ['kind'],
    ),
  output: () => pageSchema({ type: 'object' }),
  run: async (args, context) => {
    const kind = args.kind;
    const limit = args.limit ?? DEFAULT_LIMIT;
    const filter = kind;
    const start = decodeCursor(args.cursor, {
      tool: 'list_reference',
      business: context.connection.name,
      filter,
    });
    const all = await referenceItems(context.connection, kind, context.signal);
    const records = all.slice(start, start + limit);
    return pageResult(context, 'list_reference', filter, start, all.length, records, args.fields);
  },
});

/** The reference toolset. */
export const REFERENCE_TOOLS: readonly ToolDefinition[] = [
  listTool({
    name: 'list_bank_accounts',
    title: 'List bank accounts',
    description: 'Lists bank accounts with their balances.',
    toolset: 'reference',
    path: '/accounts/v2/bank_accounts',
  }),
  listTool({
    name: 'list_products',
    title: 'List products',
    description: 'Lists products with their prices.',
    toolset: 'reference',
    path: '/accounts/v2/products',
  }),
  listReference,
];
