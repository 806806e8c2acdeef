import type { LineReconciliation } from '@acctkit/reconcile';
import type { JsonSchema } from '../json-schema.js';
import { decodeCursor, encodeCursor, PAGING_ARGUMENTS } from '../paging.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { objectSchema } from '../tool-schema.js';
import { READ } from '../tools/annotations.js';
import { contactNames, LINE_SCHEMA, lineView } from './line-view.js';
import { keyOf, type ReconciledFile, reconcileFile } from './reconcile-file.js';
import { BANK_ACCOUNT_ARGUMENT, STATEMENT_ARGUMENT } from './statement-file.js';

const NAME = 'reconcile_statement';

/** Lines per page unless `limit` says otherwise. */
const DEFAULT_LINES = 50;

/** The summary of a reconciliation as the tools return it. */
export function summaryView(file: ReconciledFile): Record<string, unknown> {
  const s = file.result.summary;
  return {
    lines: s.lines,
    currency: file.statement.currency,
    matched: s.matched,
    ambiguous: s.ambiguous,
    unmatched: s.unmatched,
    bank_account_id: s.bankAccountId,
    closing_balance: s.closingBalance,
    books_balance: s.booksBalance,
    difference: s.difference,
    ...(file.statementBalanced !== undefined && { statement_balanced: file.statementBalanced }),
  };
}

// Balances may be null (a CSV without them): listed are the counts and the account only.
const SUMMARY_SCHEMA: JsonSchema = objectSchema(
  {
    lines: { type: 'integer' },
    matched: { type: 'integer' },
    ambiguous: { type: 'integer' },
    unmatched: { type: 'integer' },
    bank_account_id: { type: 'integer' },
  },
  ['lines', 'matched', 'ambiguous', 'unmatched', 'bank_account_id'],
  false,
);

/** `reconcile_statement`: matches a bank statement's lines to the books, changing nothing. */
export const RECONCILE_STATEMENT: ToolDefinition = defineTool({
  name: NAME,
  title: 'Reconcile a bank statement',
  description:
    "Matches a bank statement's lines to expenses and incomes, proposing a booking for each unmatched line; books nothing.",
  toolset: 'reconcile',
  perBusiness: true,
  annotations: READ,
  card: 'reconciliation',
  input: () =>
    objectSchema(
      {
        statement: STATEMENT_ARGUMENT,
        bank_account_id: BANK_ACCOUNT_ARGUMENT,
        limit: { ...PAGING_ARGUMENTS.limit, description: `Default ${DEFAULT_LINES}.` },
        cursor: PAGING_ARGUMENTS.cursor,
      },
      ['statement'],
    ),
  output: () =>
    objectSchema(
      {
        summary: SUMMARY_SCHEMA,
        lines: { type: 'array', items: LINE_SCHEMA },
        nextCursor: { type: 'string' },
      },
      ['summary', 'lines'],
      false,
    ),
  run: async (args, context) => {
    const filter = JSON.stringify([args.statement, args.bank_account_id ?? null]);
    const expected = { tool: NAME, business: context.connection.name, filter };
    const start = decodeCursor(args.cursor, expected);
    const limit = args.limit ?? DEFAULT_LINES;
    const file = await reconcileFile(args, context);
    const page = file.statement.lines.slice(start, start + limit);
    const names = contactNames(file.books.contacts);
    const lines = page.map((line, i) =>
      lineView(line, file.result.lines[start + i] as LineReconciliation, keyOf(file, line.line), names),
    );
    const next = start + page.length;
    return {
      data: {
        summary: summaryView(file),
        lines,
        ...(next < file.statement.lines.length && { nextCursor: encodeCursor({ ...expected, start: next }) }),
      },
    };
  },
});
