import { isoToDmy } from '@acctkit/client';
import type { ToolDefinition } from '../tool-definition.js';
import { listTool } from './list-tool.js';
import { createTool, getTool } from './record-tools.js';
import { INCOMES } from './resource-kind.js';

/** The incomes toolset. */
export const INCOME_TOOLS: readonly ToolDefinition[] = [
  listTool({
    name: 'list_incomes',
    title: 'List incomes',
    description: 'Lists the incomes of a period.',
    toolset: 'incomes',
    path: INCOMES.path,
    record: 'income',
    recordListedByGet: true,
    filters: 'list_incomes',
    // The wire takes dd/mm/yyyy here; the tool takes ISO like every other.
    toQuery: (filters) => ({
      ...filters,
      from_date: isoToDmy(String(filters.from_date)),
      to_date: isoToDmy(String(filters.to_date)),
    }),
  }),
  getTool(INCOMES, 'income', {
    name: 'get_income',
    title: 'Get income',
    description: 'One income by id, with a resource link.',
    toolset: 'incomes',
  }),
  createTool(INCOMES, 'create_income', {
    name: 'create_income',
    title: 'Create income',
    description: 'Records an income received.',
    toolset: 'incomes',
  }),
];
