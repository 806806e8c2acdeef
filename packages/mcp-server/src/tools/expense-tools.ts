import type { ToolDefinition } from '../tool-definition.js';
import { listTool } from './list-tool.js';
import { createTool, deleteTool, getTool, updateTool } from './record-tools.js';
import { EXPENSES } from './resource-kind.js';

/** The expenses toolset. */
export const EXPENSE_TOOLS: readonly ToolDefinition[] = [
  listTool({
    name: 'list_expenses',
    title: 'List expenses',
    description: 'Lists expenses, optionally between from_date and to_date (give both).',
    toolset: 'expenses',
    path: EXPENSES.path,
    record: 'expense',
    recordListedByGet: true,
    filters: 'list_expenses',
  }),
  getTool(EXPENSES, 'expense', {
    name: 'get_expense',
    title: 'Get expense',
    description: 'One expense by id, with a resource link.',
    toolset: 'expenses',
  }),
  createTool(EXPENSES, 'create_expense', {
    name: 'create_expense',
    title: 'Create expense',
    description: 'Records an expense with one line item.',
    toolset: 'expenses',
  }),
  updateTool(EXPENSES, 'update_expense', {
    name: 'update_expense',
    title: 'Update expense',
    description: 'Changes the given fields of a one-line expense; the user confirms amount changes first.',
    toolset: 'expenses',
  }),
  deleteTool(EXPENSES, {
    name: 'delete_expense',
    title: 'Delete expense',
    description: 'Deletes an expense once the user confirms.',
    toolset: 'expenses',
  }),
];
