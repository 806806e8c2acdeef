/**
 * Type-level: a tool's handler reads its arguments as its input schema declares them. The checks are
 * `expectTypeOf` and `@ts-expect-error` lines, proved by `pnpm typecheck` (test/tsconfig.json); the
 * runtime assertions tie the schemas typed here to the tools' own.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CONFIRM_ARGUMENT } from '../src/approvals/confirmation.js';
import { LIST_CHANGES } from '../src/changes/list-changes.js';
import type { JsonSchema } from '../src/json-schema.js';
import { PAGING_ARGUMENTS } from '../src/paging.js';
import { RECORD_KINDS } from '../src/record-kinds.js';
import { defineTool } from '../src/tool-definition.js';
import { objectSchema, withListedForm, withOwnArguments } from '../src/tool-schema.js';
import { READ } from '../src/tools/annotations.js';
import type { ArgumentsOfSchema, SchemaValue, SpecArguments } from '../src/typed-schema.js';

const DATE = { type: 'string', format: 'date' } as const satisfies JsonSchema;

/** `list_changes`'s input, from the same fragments its module builds it of (checked equal below). */
const listChangesInput = objectSchema({
  kind: { type: 'string', enum: RECORD_KINDS.map((kind) => kind.name), description: 'Record kind.' },
  id: withListedForm(
    { type: 'integer', minimum: 1, description: 'Record id (with kind).' },
    { type: 'integer', description: 'Record id (with kind).' },
  ),
  tool: { type: 'string', maxLength: 60, description: 'Tool that made it.' },
  since: { ...DATE, description: 'From this day.' },
  until: { ...DATE, description: 'Up to this day.' },
  limit: PAGING_ARGUMENTS.limit,
  cursor: PAGING_ARGUMENTS.cursor,
});

describe('tool arguments typed by their input schema', () => {
  it('list_changes: every argument optional, kind the record kinds, limit a number', () => {
    // The schema typed here is the one list_changes lists and checks calls against.
    expect(listChangesInput).toEqual(LIST_CHANGES.input(['de', 'pt']));
    type Args = ArgumentsOfSchema<typeof listChangesInput>;
    expectTypeOf<Args>().toEqualTypeOf<{
      readonly kind?: 'contacts' | 'expenses' | 'incomes' | undefined;
      readonly id?: number | undefined;
      readonly tool?: string | undefined;
      readonly since?: string | undefined;
      readonly until?: string | undefined;
      readonly limit?: number | undefined;
      readonly cursor?: string | undefined;
    }>();
    const args: Args = { kind: 'contacts', limit: 5 };
    // @ts-expect-error list_changes takes no `fields`: reading it does not compile.
    expect(args.fields).toBeUndefined();
  });

  it('maps each kind of property schema to its value type', () => {
    expectTypeOf<SchemaValue<{ type: 'string'; enum: readonly ['month', 'type'] }>>().toEqualTypeOf<
      'month' | 'type'
    >();
    expectTypeOf<SchemaValue<{ type: 'string' }>>().toEqualTypeOf<string>();
    expectTypeOf<SchemaValue<{ type: 'integer' }>>().toEqualTypeOf<number>();
    expectTypeOf<SchemaValue<{ type: 'number' }>>().toEqualTypeOf<number>();
    expectTypeOf<SchemaValue<{ type: 'boolean' }>>().toEqualTypeOf<boolean>();
    expectTypeOf<SchemaValue<typeof PAGING_ARGUMENTS.fields>>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<SchemaValue<{ type: 'object' }>>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expectTypeOf<SchemaValue<{ anyOf: readonly [{ type: 'string' }, { type: 'integer' }] }>>().toEqualTypeOf<
      string | number
    >();
    // A schema typed only as JsonSchema says nothing about its values.
    expectTypeOf<SchemaValue<JsonSchema>>().toEqualTypeOf<unknown>();
  });

  it('required arguments are present; a conditional one reads as its schema says', () => {
    const confirmed = Math.random() >= 0;
    const input = objectSchema(
      {
        change: { type: 'string', minLength: 1 },
        ...(confirmed ? { confirm: CONFIRM_ARGUMENT } : {}),
        group_by: { type: 'string', enum: ['month', 'type', 'contact'] },
      },
      ['change', 'group_by'],
    );
    expectTypeOf<ArgumentsOfSchema<typeof input>>().toEqualTypeOf<{
      readonly change: string;
      readonly confirm?: boolean | undefined;
      readonly group_by: 'month' | 'type' | 'contact';
    }>();
    // @ts-expect-error `other` is not a property of the schema.
    objectSchema({ a: { type: 'string' } }, ['other']);
  });

  it('a spec schema with the tool’s own arguments: spec fields unknown, own ones typed', () => {
    const spec: JsonSchema = { type: 'object', properties: { name: { type: 'string' } } };
    const input = withOwnArguments(spec, objectSchema({ id: { type: 'integer' } }, ['id']), true);
    expect(input.properties && Object.keys(input.properties)).toEqual(['id', 'name']);
    type Args = ArgumentsOfSchema<typeof input>;
    expectTypeOf<Args['id']>().toEqualTypeOf<number>();
    expectTypeOf<Args>().toMatchTypeOf<SpecArguments>();
  });

  it('defineTool types the handler by its input, and refuses reading what the schema lacks', () => {
    const tool = defineTool({
      name: 'typed_example',
      title: 'Typed example',
      description: 'For the type test only.',
      toolset: 'business',
      perBusiness: false,
      annotations: READ,
      input: () =>
        objectSchema({ kind: { type: 'string', enum: ['a', 'b'] }, ...PAGING_ARGUMENTS }, ['kind']),
      output: () => objectSchema({}),
      run: async (args) => {
        expectTypeOf(args.kind).toEqualTypeOf<'a' | 'b'>();
        expectTypeOf(args.limit).toEqualTypeOf<number | undefined>();
        expectTypeOf(args.fields).toEqualTypeOf<readonly string[] | undefined>();
        // @ts-expect-error the schema has no `since`.
        const since: unknown = args.since;
        return { data: { kind: args.kind, since } };
      },
    });
    expect(tool.write).toBe(false);
  });
});
