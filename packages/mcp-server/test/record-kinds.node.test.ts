// A record kind is described once, in src/record-kinds.ts: its tools, toolset, resource template and
// generated schemas all come from that description, and a kind added to the list needs nothing else.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { generateToolSchemas, readDocuments } from '../scripts/generate-tool-schemas.js';
import { CATALOGUE, catalogueOf } from '../src/catalogue.js';
import {
  BODY_SCHEMAS,
  FILTER_SCHEMAS,
  RECORD_SCHEMAS,
  SPEC_OPERATIONS,
} from '../src/generated/tool-schemas.js';
import type { JsonSchema } from '../src/json-schema.js';
import { createLogger } from '../src/logger.js';
import {
  CONTACTS,
  confirmationDetails,
  confirmedFields,
  EXPENSES,
  INCOMES,
  RECORD_KINDS,
  type RecordKind,
} from '../src/record-kinds.js';
import { checkRecordKinds, specOperation } from '../src/record-operations.js';
import { registerResources } from '../src/resources.js';
import type { ToolContext, ToolDefinition } from '../src/tool-definition.js';
import { TOOLSETS, toolsetsOf } from '../src/toolset.js';
import { useConnections } from './harness.js';
import { recordToolNames } from './helpers/record-tool-names.js';

/** The tools that belong to no record kind. */
const OTHER_TOOLS = [
  'list_businesses',
  'get_business',
  'list_bank_accounts',
  'list_products',
  'list_reference',
  'summarize_transactions',
  'reconcile_statement',
  'book_statement_lines',
  'list_changes',
  'undo_change',
];

/** Contacts once more, as a kind of its own with only some tools: its schemas are generated already. */
const SUPPLIERS: RecordKind<'suppliers'> = {
  ...CONTACTS,
  name: 'suppliers',
  singular: 'supplier',
  tools: {
    list: { description: 'Lists suppliers.' },
    get: { description: 'One supplier by id.' },
    delete: { description: 'Deletes a supplier once the user confirms.' },
  },
};

const connections = useConnections();

/** The fields of a generated schema, in either variant. */
function fieldsOf(
  table: Readonly<Record<string, Readonly<Record<'de' | 'pt', JsonSchema>>>>,
  name: string,
): string[] {
  const schemas = table[name];
  return schemas
    ? [...new Set([schemas.de, schemas.pt].flatMap((s) => Object.keys(s.properties ?? {})))]
    : [];
}

describe('record kinds', () => {
  it('map every tool and toolset back to exactly one kind, or to none by design', () => {
    for (const tool of CATALOGUE) {
      const owners = RECORD_KINDS.filter((kind) => recordToolNames(kind).includes(tool.name));
      if (OTHER_TOOLS.includes(tool.name)) expect(owners, tool.name).toEqual([]);
      else {
        expect(
          owners.map((kind) => kind.name),
          tool.name,
        ).toHaveLength(1);
        expect(tool.toolset, tool.name).toBe(owners[0]?.name);
      }
    }
    expect(CATALOGUE.map((tool) => tool.name).sort()).toEqual(
      [...OTHER_TOOLS, ...RECORD_KINDS.flatMap((kind) => recordToolNames(kind))].sort(),
    );
    expect(TOOLSETS).toEqual([
      'business',
      ...RECORD_KINDS.map((kind) => kind.name),
      'reference',
      'reconcile',
      'changes',
    ]);
  });

  it('name only fields their spec schemas have', () => {
    for (const kind of RECORD_KINDS) {
      const record = fieldsOf(RECORD_SCHEMAS, kind.record);
      const bodies = [kind.tools.create?.body, kind.tools.update?.body].flatMap((body) =>
        body ? fieldsOf(BODY_SCHEMAS, body) : [],
      );
      const amounts = kind.amounts ? Object.values(kind.amounts) : [];
      expect(record, kind.name).toEqual(expect.arrayContaining(amounts));
      expect(bodies, kind.name).toEqual(
        expect.arrayContaining([...confirmedFields(kind), ...kind.dmyFields]),
      );
      expect(fieldsOf(FILTER_SCHEMAS, kind.path), kind.name).toEqual(
        expect.arrayContaining([...kind.dmyFilters]),
      );
    }
  });

  it('show a record in a confirmation by its description, then its amounts', () => {
    const expense = { date: '2026-03-15', contact_name: 'Muster', reference: 'R-1', total: '100.00' };
    expect(confirmationDetails(EXPENSES, { ...expense, vat_value: '19.00', gross_total: '119.00' })).toEqual({
      date: '2026-03-15',
      contact: 'Muster',
      reference: 'R-1',
      net: '100.00',
      tax: '19.00',
      gross: '119.00',
    });
    expect(confirmedFields(EXPENSES)).toEqual(['total', 'vat_value']);
    expect(confirmedFields(CONTACTS)).toEqual([]);
  });

  it('derive write from the annotations: a tool writes exactly when it is not read-only', () => {
    for (const tool of CATALOGUE) expect(tool.write, tool.name).toBe(!tool.annotations.readOnlyHint);
    expect(CATALOGUE.filter((tool) => tool.write).map((tool) => tool.name)).toEqual([
      ...RECORD_KINDS.flatMap((kind) => recordToolNames(kind)).filter((name) => !/^(list|get)_/.test(name)),
      'book_statement_lines',
      'undo_change',
    ]);
  });

  it('refuse a tool whose operation the spec lacks, naming the kind and the operation', () => {
    // The spec has no DELETE of an income: the tool would only ever answer "No such record".
    const incomesWithDelete: RecordKind = {
      ...INCOMES,
      tools: { ...INCOMES.tools, delete: { description: 'Deletes an income.' } },
    };
    const refusal =
      "Record kind 'incomes' has delete_income, but the de spec has no DELETE /accounts/v2/incomes/{id}";
    expect(() => catalogueOf([...RECORD_KINDS, incomesWithDelete])).toThrow(refusal);
    expect(() => generateToolSchemas(readDocuments(), [incomesWithDelete])).toThrow(refusal);
    // Every operation a kind of the catalogue names is in the spec of both variants.
    expect(() => checkRecordKinds(RECORD_KINDS, SPEC_OPERATIONS)).not.toThrow();
    expect(specOperation(CONTACTS, 'update')).toBe('PUT /accounts/v2/contacts/{id}');
    for (const variant of ['de', 'pt'] as const)
      expect(SPEC_OPERATIONS[variant]).toContain(specOperation(SUPPLIERS, 'delete'));
  });

  it('give a kind added to the list its tools and toolset, nothing else touched', () => {
    const tools = catalogueOf([...RECORD_KINDS, SUPPLIERS]);
    const added = tools.filter((tool) => !CATALOGUE.some((known) => known.name === tool.name));
    expect(added.map(({ name, title, toolset, write }) => ({ name, title, toolset, write }))).toEqual([
      { name: 'list_suppliers', title: 'List suppliers', toolset: 'suppliers', write: false },
      { name: 'get_supplier', title: 'Get supplier', toolset: 'suppliers', write: false },
      { name: 'delete_supplier', title: 'Delete supplier', toolset: 'suppliers', write: true },
    ]);
    // Its tools come right after the other kinds' tools, the rest of the catalogue stays as it was.
    expect(tools.map((tool) => tool.name)).toEqual([
      ...CATALOGUE.slice(
        0,
        CATALOGUE.findIndex((tool) => tool.name === 'list_bank_accounts'),
      ).map((tool) => tool.name),
      'list_suppliers',
      'get_supplier',
      'delete_supplier',
      ...OTHER_TOOLS.slice(2),
    ]);
    const getSupplier = added[1];
    expect(getSupplier?.input(['de']).properties?.id?.description).toBe('Supplier id (list_suppliers).');
    expect(getSupplier?.output(['de', 'pt'])).toEqual(
      CATALOGUE.find((tool) => tool.name === 'get_contact')?.output(['de', 'pt']),
    );
    expect(toolsetsOf([...RECORD_KINDS, SUPPLIERS])).toEqual([
      ...TOOLSETS.slice(0, -3),
      'suppliers',
      'reference',
      'reconcile',
      'changes',
    ]);
  });

  it("run an added kind's tools against the service, with links to its resource", async () => {
    const tool = (name: string): ToolDefinition => {
      const found = catalogueOf([SUPPLIERS]).find((t) => t.name === name);
      if (!found) throw new Error(`no ${name}`);
      return found;
    };
    const context: ToolContext = {
      connection: connections.pt,
      connections: [connections.pt],
      signal: new AbortController().signal,
      form: undefined,
      progress: async () => {},
      log: createLogger(async () => {}),
      caller: {},
      call: { tool: 'list_suppliers', arguments: {} },
    };
    const page = await tool('list_suppliers').run({ limit: 1 }, context);
    const [first] = page.data.items as { id: number }[];
    expect(first?.id).toEqual(expect.any(Number));
    const one = await tool('get_supplier').run({ id: first?.id }, context);
    expect(one.data.id).toBe(first?.id);
    expect(one.links?.[0]?.uri).toBe(`acctkit://pt/suppliers/${first?.id}`);
  });

  it('give a kind added to the list its resource template, read through its path', async () => {
    const mcp = new McpServer({ name: 'kinds', version: '1.0.0' }, { capabilities: { resources: {} } });
    registerResources(mcp, [connections.pt], [...RECORD_KINDS, SUPPLIERS]);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([mcp.connect(serverSide), client.connect(clientSide)]);
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
        expect.arrayContaining([
          ...RECORD_KINDS.map((kind) => `acctkit://{business}/${kind.name}/{id}`),
          'acctkit://{business}/suppliers/{id}',
        ]),
      );
      const read = await client.readResource({ uri: 'acctkit://pt/suppliers/301' });
      const text = (read.contents[0] as { text?: string } | undefined)?.text ?? '';
      expect(JSON.parse(text)).toMatchObject({ id: 301 });
    } finally {
      await client.close();
      await mcp.close();
    }
  });

  it('generate the schemas a kind names, from its description alone', () => {
    const documents = readDocuments();
    // Suppliers name the contacts' schemas: nothing more to generate.
    expect(generateToolSchemas(documents, [...RECORD_KINDS, SUPPLIERS])).toBe(generateToolSchemas(documents));
    const banks: RecordKind = {
      ...CONTACTS,
      name: 'bank_accounts',
      singular: 'bank_account',
      path: '/accounts/v2/bank_accounts',
      record: 'BankAccount',
      tools: { list: { description: 'Lists bank accounts.' } },
    };
    expect(generateToolSchemas(documents, [...RECORD_KINDS, banks])).toContain(
      '"/accounts/v2/bank_accounts": {',
    );
    // Until the generated file has them, the kind's tools fail at start-up, saying how to fix it.
    expect(() => catalogueOf([banks])).toThrow(
      /No generated filter schema '\/accounts\/v2\/bank_accounts': regenerate/,
    );
  });
});
