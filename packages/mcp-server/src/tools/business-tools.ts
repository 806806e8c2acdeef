import { sumDecimals } from '@acctkit/client';
import { businessProfileOf } from '../business-profile-of.js';
import { RECORD_SCHEMAS } from '../generated/tool-schemas.js';
import { CONTACTS, EXPENSES } from '../record-kinds.js';
import { normalizeRecord } from '../records.js';
import { serviceCall, settleAll } from '../service-call.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { mergeVariantSchemas, objectSchema } from '../tool-schema.js';
import { READ } from './annotations.js';

const listBusinesses: ToolDefinition = defineTool({
  name: 'list_businesses',
  title: 'List connected businesses',
  description: 'The connected businesses, by the name other tools take as business.',
  toolset: 'business',
  perBusiness: false,
  annotations: READ,
  input: () => objectSchema({}),
  output: () =>
    objectSchema(
      {
        items: {
          type: 'array',
          items: objectSchema(
            {
              name: { type: 'string' },
              variant: { type: 'string', enum: ['de', 'pt'] },
              business_id: { type: 'integer' },
              business_name: { type: 'string' },
              scope: { type: 'string', enum: ['readonly', 'full_access'] },
            },
            ['name', 'variant', 'business_id', 'business_name', 'scope'],
          ),
        },
        totalCount: { type: 'integer' },
      },
      ['items', 'totalCount'],
      false,
    ),
  run: async (_args, { connections }) => {
    const items = await Promise.all(
      connections.map(async (c) => {
        const { businessId, businessName } = await businessProfileOf(c);
        return {
          name: c.name,
          variant: c.variant,
          business_id: businessId,
          business_name: businessName,
          scope: c.scope,
        };
      }),
    );
    return { data: { items, totalCount: items.length } };
  },
});

const getBusiness: ToolDefinition = defineTool({
  name: 'get_business',
  title: 'Get business profile',
  description: 'Profile, financial settings and account summary of a business.',
  toolset: 'business',
  perBusiness: true,
  annotations: READ,
  input: () => objectSchema({}),
  output: (variants) =>
    objectSchema(
      {
        business: mergeVariantSchemas(RECORD_SCHEMAS.Business, variants),
        financial_settings: mergeVariantSchemas(RECORD_SCHEMAS.FinancialSettings, variants),
        account_summary: objectSchema(
          {
            contacts: { type: 'integer' },
            expenses: { type: 'integer' },
            bank_accounts: { type: 'integer' },
            bank_balance_total: { type: 'string', description: 'Sum of the bank balances, decimal string.' },
          },
          ['contacts', 'expenses', 'bank_accounts', 'bank_balance_total'],
        ),
      },
      ['business', 'financial_settings', 'account_summary'],
      false,
    ),
  run: async (_args, { connection, signal }) => {
    const page = { params: { query: { $itemsPerPage: 1 } }, signal };
    type Page = { $totalResults: number; $resources: Record<string, unknown>[] };
    const [business, settings, contacts, expenses, banks] = await settleAll([
      serviceCall(connection, 'GET', '/core/v2/business', { signal }),
      serviceCall(connection, 'GET', '/accounts/v2/financial_settings', { signal }),
      serviceCall<Page>(connection, 'GET', CONTACTS.path, page),
      serviceCall<Page>(connection, 'GET', EXPENSES.path, page),
      serviceCall<Page>(connection, 'GET', '/accounts/v2/bank_accounts', {
        params: { query: { $itemsPerPage: 200 } },
        signal,
      }),
    ]);
    const balances = banks.$resources.map((b) => String(b.balance ?? '0'));
    return {
      data: {
        business: normalizeRecord(business),
        financial_settings: normalizeRecord(settings),
        account_summary: {
          contacts: contacts.$totalResults,
          expenses: expenses.$totalResults,
          bank_accounts: banks.$totalResults,
          bank_balance_total: sumDecimals(balances),
        },
      },
    };
  },
});

/** The business toolset. */
export const BUSINESS_TOOLS: readonly ToolDefinition[] = [listBusinesses, getBusiness];
