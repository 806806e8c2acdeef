import type { ToolDefinition } from './tool-definition.js';
import { BUSINESS_TOOLS } from './tools/business-tools.js';
import { CONTACT_TOOLS } from './tools/contact-tools.js';
import { EXPENSE_TOOLS } from './tools/expense-tools.js';
import { INCOME_TOOLS } from './tools/income-tools.js';
import { REFERENCE_TOOLS } from './tools/reference-tools.js';
import { SUMMARIZE_TRANSACTIONS } from './tools/summarize-transactions.js';

/** Every tool, in the order `tools/list` shows them. */
export const CATALOGUE: readonly ToolDefinition[] = [
  ...BUSINESS_TOOLS,
  ...CONTACT_TOOLS,
  ...EXPENSE_TOOLS,
  ...INCOME_TOOLS,
  ...REFERENCE_TOOLS,
  SUMMARIZE_TRANSACTIONS,
];
