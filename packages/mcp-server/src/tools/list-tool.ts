import type { BusinessConnection } from '../business-connection.js';
import type { JsonSchema } from '../json-schema.js';
import { DEFAULT_LIMIT, decodeCursor, encodeCursor, PAGING_ARGUMENTS, pageSchema } from '../paging.js';
import { normalizeRecord, trimRecord } from '../records.js';
import { serviceCall } from '../service-call.js';
import { defineTool, type ToolContext, type ToolDefinition, type ToolSuccess } from '../tool-definition.js';
import { mergeVariantSchemas, objectSchema, withOwnArguments } from '../tool-schema.js';
import type { Toolset } from '../toolset.js';
import { READ } from './annotations.js';
import { specSchemas } from './spec-schemas.js';

type Variant = BusinessConnection['variant'];

/** An SData page. */
export interface ServicePage {
  readonly $totalResults: number;
  readonly $resources: readonly Record<string, unknown>[];
}

interface ListOptions {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly toolset: Toolset;
  readonly path: string;
  /** Whether the tool takes the list operation's filters (generated for `path`). */
  readonly filters?: boolean;
  /** The wire query for the filter arguments (default: as they are). */
  readonly toQuery?: (filters: Record<string, unknown>, variant: Variant) => Record<string, unknown>;
}

/** The page result for records `start…` of `total`, with the cursor of the next page. */
export function pageResult(
  context: ToolContext,
  tool: string,
  filter: string,
  start: number,
  total: number,
  records: readonly Record<string, unknown>[],
  fields: readonly string[] | undefined,
): ToolSuccess {
  const items = records.map((record) => trimRecord(normalizeRecord(record), fields));
  const next = start + records.length;
  const more = records.length > 0 && next < total;
  return {
    data: {
      items,
      totalCount: total,
      ...(more
        ? { nextCursor: encodeCursor({ tool, business: context.connection.name, start: next, filter }) }
        : {}),
    },
  };
}

/** A list tool over a paged operation: `limit`, `cursor`, `fields`, and the operation's filters. */
export function listTool(options: ListOptions): ToolDefinition {
  const filterSchemas = options.filters ? specSchemas('filter', options.path) : undefined;
  const filtersOf = (variants: readonly Variant[]): JsonSchema =>
    filterSchemas ? mergeVariantSchemas(filterSchemas, variants) : objectSchema({});
  return defineTool({
    name: options.name,
    title: options.title,
    description: options.description,
    toolset: options.toolset,
    perBusiness: true,
    annotations: READ,
    // The filters are the spec's, typed as values to pass on; the paging arguments are read by name.
    input: (variants) => withOwnArguments(filtersOf(variants), objectSchema(PAGING_ARGUMENTS)),
    // Records as objects: the get_ tools list record fields, once per kind (DECISIONS MC14, MC30).
    output: () => pageSchema({ type: 'object' }),
    run: async (args, context) => {
      const { limit = DEFAULT_LIMIT, cursor, fields, ...filters } = args;
      const filter = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
      const start = decodeCursor(cursor, {
        tool: options.name,
        business: context.connection.name,
        filter,
      });
      const query = {
        ...(options.toQuery ? options.toQuery(filters, context.connection.variant) : filters),
        $startIndex: start,
        $itemsPerPage: limit,
      };
      const page = await serviceCall<ServicePage>(context.connection, 'GET', options.path, {
        params: { query },
        signal: context.signal,
      });
      return pageResult(context, options.name, filter, start, page.$totalResults, page.$resources, fields);
    },
  });
}
