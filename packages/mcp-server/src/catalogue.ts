import { LIST_CHANGES } from './changes/list-changes.js';
import { UNDO_CHANGE } from './changes/undo-change.js';
import { SPEC_OPERATIONS } from './generated/tool-schemas.js';
import { BOOK_STATEMENT_LINES } from './reconcile/book-statement-lines.js';
import { RECONCILE_STATEMENT } from './reconcile/reconcile-statement-tool.js';
import { RECORD_KINDS, type RecordKind } from './record-kinds.js';
import { checkRecordKinds } from './record-operations.js';
import type { ToolDefinition } from './tool-definition.js';
import { BUSINESS_TOOLS } from './tools/business-tools.js';
import { recordTools } from './tools/record-kind-tools.js';
import { REFERENCE_TOOLS } from './tools/reference-tools.js';
import { SUMMARIZE_TRANSACTIONS } from './tools/summarize-transactions.js';

/**
 * The catalogue for a list of record kinds: the business tools, each kind's tools, the rest,
 * reconciliation, the journal. Throws when a kind names a tool whose operation the spec lacks.
 */
export function catalogueOf(kinds: readonly RecordKind[]): ToolDefinition[] {
  checkRecordKinds(kinds, SPEC_OPERATIONS);
  return [
    ...BUSINESS_TOOLS,
    ...kinds.flatMap(recordTools),
    ...REFERENCE_TOOLS,
    SUMMARIZE_TRANSACTIONS,
    RECONCILE_STATEMENT,
    BOOK_STATEMENT_LINES,
    LIST_CHANGES,
    UNDO_CHANGE,
  ];
}

/** Every tool, in the order `tools/list` shows them. */
export const CATALOGUE: readonly ToolDefinition[] = catalogueOf(RECORD_KINDS);
