import { isoToDmy } from '@acctkit/client';
import { type RecordKind, type RecordOperation, recordToolName } from '../record-kinds.js';
import type { ToolDefinition } from '../tool-definition.js';
import type { Toolset } from '../toolset.js';
import { listTool } from './list-tool.js';
import { createTool, deleteTool, getTool, type Names, updateTool } from './record-tools.js';

// The tools of a record kind, derived from its description in src/record-kinds.ts.

const TITLES: Readonly<Record<RecordOperation, string>> = {
  list: 'List',
  get: 'Get',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};

/** A kind's tool's name, title, description and toolset: `get_contact`, 'Get contact', its own words. */
function namesOf(resource: RecordKind, operation: RecordOperation): Names {
  const tool = resource.tools[operation];
  if (!tool) throw new Error(`The ${resource.name} kind has no ${operation} tool.`);
  return {
    name: recordToolName(resource, operation),
    title: `${TITLES[operation]} ${operation === 'list' ? resource.name : resource.singular}`,
    description: tool.description,
    // A record kind is a toolset of its own (src/toolset.ts derives the toolsets from the kinds).
    toolset: resource.name as Toolset,
  };
}

/**
 * Every tool of a record kind, in catalogue order: `list_<name>`, `get_`, `create_`, `update_` and
 * `delete_<singular>`, those the kind has.
 */
export function recordTools(resource: RecordKind): ToolDefinition[] {
  const { tools } = resource;
  return [
    tools.list ? listOf(resource) : undefined,
    tools.get ? getTool(resource, namesOf(resource, 'get')) : undefined,
    tools.create ? createTool(resource, tools.create.body, namesOf(resource, 'create')) : undefined,
    tools.update ? updateTool(resource, tools.update.body, namesOf(resource, 'update')) : undefined,
    tools.delete ? deleteTool(resource, namesOf(resource, 'delete')) : undefined,
  ].filter((tool) => tool !== undefined);
}

/** `list_<name>`: a page of records, with the list operation's filters (ISO dates, whatever the wire takes). */
function listOf(resource: RecordKind): ToolDefinition {
  const dmy = resource.dmyFilters;
  return listTool({
    ...namesOf(resource, 'list'),
    path: resource.path,
    filters: true,
    ...(dmy.length > 0 && {
      toQuery: (filters: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(filters).map(([key, value]) => [
            key,
            dmy.includes(key) ? isoToDmy(String(value)) : value,
          ]),
        ),
    }),
  });
}
