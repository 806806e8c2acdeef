// Everything exported from this file is public API; everything else is internal.
export type {
  BankStatement,
  StatementAccount,
  StatementBalance,
  StatementFormat,
  StatementLine,
} from './bank-statement.js';
export {
  BANK_TRANSFER_PAYMENT_METHOD,
  BOOKING_OVERRIDES,
  type BookingFields,
  type BookingProblem,
  bookingFields,
} from './books/booking-fields.js';
export { type BooksClient, type ReadBooksOptions, readBooks } from './books/read-books.js';
export { type FileLine, type StatementFile, statementFile } from './books/statement-file.js';
export { type BooksPeriod, READ_WINDOW_DAYS, statementPeriod } from './books/statement-period.js';
export { detectFormat } from './detect-format.js';
export type { RecordKind } from './match/book-record.js';
export { bookingKey } from './match/booking-key.js';
export type {
  BookBankAccount,
  BookContact,
  BookExpense,
  BookIncome,
  Books,
  HistoryMatch,
} from './match/books.js';
export type {
  AmbiguousLine,
  BookingProposal,
  ExpenseProposal,
  IncomeProposal,
  LineReconciliation,
  MatchCandidate,
  MatchConfidence,
  MatchEvidence,
  MatchedLine,
  MatchMethod,
  ProposedContact,
  ReconcileSummary,
  RecordRef,
  StatementReconciliation,
  UnmatchedLine,
} from './match/reconcile-result.js';
export { type ReconcileOptions, reconcileStatement } from './match/reconcile-statement.js';
export { MAX_STATEMENT_BYTES, type ParseStatementOptions, parseStatement } from './parse-statement.js';
export {
  type AnyReconcileError,
  ReconcileError,
  type ReconcileErrorCode,
  type ReconcileErrorLocation,
} from './reconcile-error.js';
export { type SerializeStatementOptions, serializeStatement } from './serialize-statement.js';
export { type StatementSummary, summarizeStatement } from './summarize-statement.js';
