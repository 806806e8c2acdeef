import type { JsonSchema } from '../json-schema.js';
import { DEFAULT_LIMIT, PAGING_ARGUMENTS } from '../paging.js';
import { RECORD_KINDS } from '../record-kinds.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import { objectSchema, withListedForm } from '../tool-schema.js';
import { READ } from '../tools/annotations.js';
import { journalOf } from './journal-of.js';

const KINDS = RECORD_KINDS.map((kind) => kind.name);

const DATE = { type: 'string', format: 'date' } as const satisfies JsonSchema;

/** `list_changes`: the business's journal, newest first, filtered and paged. */
export const LIST_CHANGES: ToolDefinition = defineTool({
  name: 'list_changes',
  title: 'List changes',
  description: 'Changes made through this server, newest first: who, when, before and after.',
  toolset: 'changes',
  perBusiness: true,
  annotations: READ,
  input: () =>
    objectSchema({
      kind: { type: 'string', enum: KINDS, description: 'Record kind.' },
      id: withListedForm(
        { type: 'integer', minimum: 1, description: 'Record id (with kind).' },
        { type: 'integer', description: 'Record id (with kind).' },
      ),
      tool: { type: 'string', maxLength: 60, description: 'Tool that made it.' },
      since: { ...DATE, description: 'From this day.' },
      until: { ...DATE, description: 'Up to this day.' },
      limit: PAGING_ARGUMENTS.limit,
      cursor: PAGING_ARGUMENTS.cursor,
    }),
  output: () =>
    objectSchema(
      { items: { type: 'array', items: { type: 'object' } }, nextCursor: { type: 'string' } },
      ['items'],
      false,
    ),
  run: async (args, context) => {
    if (args.id !== undefined && args.kind === undefined)
      throw new ToolFailure({
        code: 'INVALID_ARGUMENTS',
        message: 'Record ids are per kind: give kind with id.',
        business: context.connection.name,
        fields: [{ field: 'kind', problem: `required with id: one of ${KINDS.join(', ')}` }],
      });
    const page = await journalOf(context).list({
      kind: args.kind,
      recordId: args.id,
      tool: args.tool,
      since: args.since,
      until: args.until,
      cursor: args.cursor,
      limit: args.limit ?? DEFAULT_LIMIT,
    });
    return {
      data: { items: page.entries, ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }) },
    };
  },
});
