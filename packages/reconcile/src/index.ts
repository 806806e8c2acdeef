// Everything exported from this file is public API; everything else is internal.
export type {
  BankStatement,
  StatementAccount,
  StatementBalance,
  StatementFormat,
  StatementLine,
} from './bank-statement.js';
export { detectFormat } from './detect-format.js';
export { MAX_STATEMENT_BYTES, type ParseStatementOptions, parseStatement } from './parse-statement.js';
export {
  type AnyReconcileError,
  ReconcileError,
  type ReconcileErrorCode,
  type ReconcileErrorLocation,
} from './reconcile-error.js';
export { type SerializeStatementOptions, serializeStatement } from './serialize-statement.js';
export { type StatementSummary, summarizeStatement } from './summarize-statement.js';
