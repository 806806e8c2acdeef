import type { ToolDefinition } from '../tool-definition.js';
import { listTool } from './list-tool.js';
import { createTool, deleteTool, getTool, updateTool } from './record-tools.js';
import { EXPENSES } from './resource-kind.js';

/** The expenses toolset. */
export const EXPENSE_TOOLS: readonly ToolDefinition[] = [
  listTool({
    name: 'list_expenses',
    title: 'List expenses',
    description:
      'Lists expenses, optionally between from_date and to_date (give both). For totals use summarize_transactions. Returns { items, nextCursor, totalCount }.',
    toolset: 'expenses',
    path: EXPENSES.path,
    record: 'expense',
    recordListedByGet: true,
    filters: 'list_expenses',
  }),
  getTool(EXPENSES, 'expense', {
    name: 'get_expense',
    title: 'Get expense',
    description: 'Returns one expense by id (list_expenses gives ids), with a link to its resource.',
    toolset: 'expenses',
  }),
  createTool(EXPENSES, 'create_expense', {
    name: 'create_expense',
    title: 'Create expense',
    description:
      'Records an expense with one line: date, total (decimal string), bank account (list_bank_accounts) and expense type (list_reference kind expense_types). dry_run: true shows the body without sending.',
    toolset: 'expenses',
  }),
  updateTool(EXPENSES, 'update_expense', {
    name: 'update_expense',
    title: 'Update expense',
    description:
      'Changes the given fields of a one-line expense. Changing an amount asks the user to confirm first. dry_run: true shows the body without sending.',
    toolset: 'expenses',
  }),
  deleteTool(EXPENSES, {
    name: 'delete_expense',
    title: 'Delete expense',
    description:
      'Deletes an expense after the user confirms (a form, or confirm: true when the client has none).',
    toolset: 'expenses',
  }),
];
