import { createSandbox, type Sandbox } from '@acctkit/sandbox';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessConnection, listTools, TOOLSETS } from '../src/index.js';
import { connectSandbox } from '../src/node/index.js';
import { connect, fails, mcpClient, ok, startSandbox } from './harness.js';
import { APPS_CAPABILITIES } from './helpers/card-results.js';
import {
  CONTACT_TOOL_NAMES,
  RECORD_TOOL_NAMES,
  RECORD_WRITE_TOOL_NAMES,
} from './helpers/record-tool-names.js';

// The record kinds' tools come from src/record-kinds.ts; the others are named here on purpose.
const ALL = [
  'list_businesses',
  'get_business',
  ...RECORD_TOOL_NAMES,
  'list_bank_accounts',
  'list_products',
  'list_reference',
  'summarize_transactions',
  'reconcile_statement',
  'book_statement_lines',
  'list_changes',
  'undo_change',
];
const WRITES = [...RECORD_WRITE_TOOL_NAMES, 'book_statement_lines', 'undo_change'];

let sandbox: Sandbox;
let de: BusinessConnection;
let pt: BusinessConnection;
let ptReadonly: BusinessConnection;

beforeAll(async () => {
  ({ sandbox } = startSandbox());
  de = await connect(sandbox, 'de');
  pt = await connect(sandbox, 'pt');
  ptReadonly = await connect(sandbox, 'pt', { name: 'pt-ro', scope: 'readonly' });
});
afterAll(() => sandbox.close());

type Schema = {
  type?: unknown;
  enum?: unknown;
  const?: unknown;
  $ref?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $defs?: Record<string, Schema>;
};

/**
 * The paths of schemas in `schema` that say nothing of their value's type: neither `type`, `enum`,
 * `const` nor `$ref`, and not an `anyOf` of such branches (a branch may narrow its parent's type), and
 * of `type` arrays.
 */
function untyped(value: unknown, path: string, typedParent = false): string[] {
  const schema = value as Schema | undefined;
  if (!schema) return [];
  const own = schema.type !== undefined || schema.enum !== undefined || schema.const !== undefined;
  const typed = own || schema.$ref !== undefined || typedParent;
  const problems: string[] = [];
  if (Array.isArray(schema.type)) problems.push(`${path}: type array`);
  if (schema.anyOf)
    schema.anyOf.forEach((branch, i) => {
      problems.push(...untyped(branch, `${path}.anyOf[${i}]`, own));
    });
  else if (!typed) problems.push(`${path}: no type`);
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    problems.push(...untyped(property, `${path}.properties.${name}`));
  for (const [name, def] of Object.entries(schema.$defs ?? {}))
    problems.push(...untyped(def, `${path}.$defs.${name}`));
  problems.push(...untyped(schema.items, `${path}.items`));
  return problems;
}

async function names(options: Parameters<typeof mcpClient>[0]): Promise<string[]> {
  const { client, close } = await mcpClient(options);
  const { tools } = await client.listTools();
  await close();
  return tools.map((t) => t.name).sort();
}

describe('tools/list', () => {
  it('lists every tool with a title, its annotations and an output schema', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...ALL].sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
      // destructiveHint and idempotentHint mean something only when readOnlyHint is false (MCP spec):
      // a read-only tool lists the two hints that do (DECISIONS MC21).
      const read = !WRITES.includes(tool.name);
      const hints = read
        ? (['readOnlyHint', 'openWorldHint'] as const)
        : (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const);
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual([...hints].sort());
      for (const hint of hints)
        expect(typeof tool.annotations?.[hint], `${tool.name} ${hint}`).toBe('boolean');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(read);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      // Every argument is described.
      for (const [arg, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect((schema as { description?: string }).description, `${tool.name}.${arg}`).toBeTruthy();
    }
    expect(tools.find((t) => t.name === 'delete_contact')?.annotations?.destructiveHint).toBe(true);
    expect(tools.find((t) => t.name === 'create_income')?.annotations?.idempotentHint).toBe(false);
    await close();
  });

  it('keeps the full catalogue within its token budget (o200k_base), and lists schemas as built, not through zod', async () => {
    // At most 6,700 tokens whatever is connected (both variants: `business` on every tool, each variant's
    // own fields, with the sandbox's business names), and 3,600 for the read-only tools.
    const budgets: [BusinessConnection[], number, boolean][] = [
      [[de], 6700, false],
      [[pt], 6700, false],
      [[de, pt], 6700, false],
      [[de, pt], 3600, true],
    ];
    // The same budgets for a client that renders MCP Apps (cards in `_meta.ui`, `approval_pending`,
    // the app-only approve_change), and for the businesses of `acctkit-mcp --sandbox`, whose names
    // are in every `business` enum.
    const demo = await connectSandbox({
      sandbox: {
        sandbox: createSandbox({ database: ':memory:', adminToken: 'budget', rateLimitPerMinute: 0 }),
        adminToken: 'budget',
      },
    });
    const listings: [BusinessConnection[], number, boolean, boolean][] = [
      ...budgets.flatMap(([c, budget, readOnly]): [BusinessConnection[], number, boolean, boolean][] => [
        [c, budget, readOnly, false],
        [c, budget, readOnly, true],
      ]),
      [[...demo.connections], 6700, false, false],
      [[...demo.connections], 6700, false, true],
      [[...demo.connections], 3600, true, false],
      [[...demo.connections], 3600, true, true],
    ];
    try {
      for (const [connections, budget, readOnly, apps] of listings) {
        const { client, close } = await mcpClient({ connections, readOnly }, apps ? APPS_CAPABILITIES : {});
        const { tools } = await client.listTools();
        const json = JSON.stringify({ tools });
        expect(tools.some((t) => t._meta !== undefined)).toBe(apps);
        expect(
          countTokens(json),
          `${connections.map((c) => c.name).join('+')}${readOnly ? ' read-only' : ''}${apps ? ' apps' : ''}`,
        ).toBeLessThanOrEqual(budget);
        // The SDK's zod round trip would add ±2^53 bounds to integers and `$schema` keys.
        expect(json).not.toContain('9007199254740991');
        expect(json).not.toContain('$schema');
        await close();
      }
    } finally {
      demo.sandbox.close();
    }
  });

  it('types every input and output property, with no type arrays (portable JSON Schema)', async () => {
    for (const connections of [[de], [pt], [de, pt]]) {
      const { client, close } = await mcpClient({ connections });
      const { tools } = await client.listTools();
      const problems = tools.flatMap((tool) => [
        ...untyped(tool.inputSchema, `${tool.name}.inputSchema`),
        ...untyped(tool.outputSchema, `${tool.name}.outputSchema`),
      ]);
      expect(problems, connections.map((c) => c.name).join('+')).toEqual([]);
      await close();
    }
  });

  it('carries the spec limits: patterns, enums, the page size maximum; length limits are checked on each call', async () => {
    const { client, close } = await mcpClient({ connections: [de] });
    const { tools } = await client.listTools();
    const props = (name: string) =>
      tools.find((t) => t.name === name)?.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props('create_contact').contact_type_id?.enum).toEqual([1, 2]);
    expect(props('create_expense').total?.pattern).toBe('^-?\\d{1,8}(\\.\\d{1,2})?$');
    expect(props('create_expense').date?.format).toBe('date');
    expect(props('list_contacts').limit?.maximum).toBe(200);
    expect(String(props('create_income').source_id?.description)).toContain(
      "list_reference kind 'income_types'",
    );
    // Length limits are not listed (MC30): the call checks them and says the limit.
    expect(props('create_contact').name?.maxLength).toBeUndefined();
    const long = await fails(client, 'create_contact', { contact_type_id: 1, name: 'x'.repeat(51) });
    expect(long.fields).toEqual([
      expect.objectContaining({ field: 'name', problem: expect.stringContaining('at most 50 characters') }),
    ]);
    const notes = await fails(client, 'create_contact', {
      contact_type_id: 1,
      name: 'N',
      notes: 'x'.repeat(501),
    });
    expect(notes.fields?.[0]?.problem).toContain('at most 500 characters');
    await close();
  });

  it("shows a variant's own fields only for businesses of that variant, marked when both are connected", async () => {
    const field = async (connections: BusinessConnection[], name: string) => {
      const { client, close } = await mcpClient({ connections });
      const tool = (await client.listTools()).tools.find((t) => t.name === 'create_contact');
      await close();
      return (tool?.inputSchema.properties as Record<string, { description?: string }> | undefined)?.[name];
    };
    expect(await field([de], 'company')).toBeDefined();
    expect(await field([de], 'company_name')).toBeUndefined();
    expect(await field([pt], 'company')).toBeUndefined();
    expect(await field([pt], 'company_name')).toBeDefined();
    expect((await field([de, pt], 'company'))?.description).toMatch(/^de: /);
    expect((await field([de, pt], 'company_name'))?.description).toMatch(/^pt: /);
  });

  it('leaves write tools out in read-only mode and when every connection is read-only', async () => {
    const readOnly = ALL.filter((n) => !WRITES.includes(n)).sort();
    expect(await names({ connections: [de, pt], readOnly: true })).toEqual(readOnly);
    expect(await names({ connections: [ptReadonly] })).toEqual(readOnly);
    const { client, close } = await mcpClient({ connections: [ptReadonly] });
    expect(client.getInstructions()).toContain('read-only');
    await close();
  });

  it('offers writes only on full-access connections when scopes are mixed', async () => {
    const { client, close } = await mcpClient({ connections: [de, ptReadonly] });
    expect(client.getInstructions()).toContain('writes only on full-access businesses');
    const tool = (await client.listTools()).tools.find((t) => t.name === 'create_contact');
    expect(
      (tool?.inputSchema.properties as Record<string, { enum?: string[] }> | undefined)?.business?.enum,
    ).toEqual(['de']);
    expect(tool?.inputSchema.required).toContain('business');
    const error = await fails(client, 'delete_contact', { business: 'pt-ro', id: 301, confirm: true });
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toContain('read-only');
    expect(error.fields?.[0]?.field).toBe('business');
    expect(error.choices).toEqual(['de']);
    // The instructions say once what a "de: …" description means.
    expect(client.getInstructions()).toContain('"de: …" or "pt: …"');
    // Reads still reach the read-only business.
    const list = await ok<{ totalCount: number }>(client, 'list_contacts', { business: 'pt-ro', limit: 1 });
    expect(list.totalCount).toBe(300);
    await close();
  });

  it('narrows to toolsets and to named tools', async () => {
    expect(await names({ connections: [de], toolsets: ['contacts'] })).toEqual(
      [...CONTACT_TOOL_NAMES].sort(),
    );
    expect(await names({ connections: [de], toolsets: ['reference', 'business'], readOnly: true })).toEqual(
      [
        'get_business',
        'list_bank_accounts',
        'list_businesses',
        'list_products',
        'list_reference',
        'summarize_transactions',
      ].sort(),
    );
    expect(await names({ connections: [de], tools: ['get_contact', 'list_reference'] })).toEqual([
      'get_contact',
      'list_reference',
    ]);
    expect(await names({ connections: [de], tools: ['create_contact'], readOnly: true })).toEqual([]);
  });

  it('states the mode, the businesses and the rules in its instructions', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const text = client.getInstructions() ?? '';
    expect(text).toContain('read and write');
    expect(text).toContain(de.businessName);
    expect(text).toContain(pt.businessName);
    expect(text).toContain('YYYY-MM-DD');
    expect(text).toContain('decimal strings');
    expect(text).toContain('confirm');
    expect(text).toContain('idempotency_key');
    expect(text).toContain('undo_change');
    await close();
    const readOnly = await mcpClient({ connections: [de, pt], readOnly: true });
    expect(readOnly.client.getInstructions()).not.toContain('idempotency_key');
    await readOnly.close();
  });

  it('exports the catalogue for the README table', () => {
    const tools = listTools();
    expect(tools.map((t) => t.name)).toEqual(ALL);
    expect(new Set(tools.map((t) => t.toolset))).toEqual(new Set(TOOLSETS));
    expect(listTools({ readOnly: true }).some((t) => t.write)).toBe(false);
    expect(tools.find((t) => t.name === 'delete_expense')?.annotations.destructiveHint).toBe(true);
  });
});
