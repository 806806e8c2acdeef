import {
  type BankStatement,
  type Books,
  bookingKey,
  type FileLine,
  type LineReconciliation,
  ReconcileError,
  reconcileStatement,
  type StatementReconciliation,
  summarizeStatement,
} from '@acctkit/reconcile';
import type { ToolContext } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import type { ArgumentsOf } from '../typed-schema.js';
import { readBooks } from './read-books.js';
import { type BANK_ACCOUNT_ARGUMENT, readStatementFile, type STATEMENT_ARGUMENT } from './statement-file.js';

/** The arguments both reconcile tools take: the statement file and, optionally, the bank account. */
export type StatementArguments = ArgumentsOf<
  { readonly statement: typeof STATEMENT_ARGUMENT; readonly bank_account_id: typeof BANK_ACCOUNT_ARGUMENT },
  'statement'
>;

/** A statement file reconciled with the books read for it. */
export interface ReconciledFile {
  readonly statement: BankStatement;
  readonly lines: ReadonlyMap<string, FileLine>;
  readonly books: Books;
  readonly result: StatementReconciliation;
  /** Whether opening balance + lines = closing balance; `undefined` without balances. */
  readonly statementBalanced: boolean | undefined;
}

/**
 * Reads the file, reads the books once and matches every line: the common first step of
 * `reconcile_statement` and `book_statement_lines`. Changes nothing.
 */
export async function reconcileFile(args: StatementArguments, context: ToolContext): Promise<ReconciledFile> {
  const { statement, lines } = readStatementFile(args.statement, context);
  const books = await readBooks(context, statement);
  const bankAccountId = args.bank_account_id;
  try {
    const result = reconcileStatement(statement, books, {
      ...(bankAccountId !== undefined && { bankAccountId }),
    });
    return { statement, lines, books, result, statementBalanced: summarizeStatement(statement).balanced };
  } catch (error) {
    if (!(error instanceof ReconcileError)) throw error;
    const business = context.connection.name;
    if (error.code === 'BANK_ACCOUNT_NOT_FOUND')
      throw new ToolFailure(
        {
          code: 'NOT_FOUND',
          message: `${error.message} Pass bank_account_id: list_bank_accounts gives the ids.`,
          business,
          fields: [
            {
              field: 'bank_account_id',
              problem:
                bankAccountId === undefined
                  ? 'no bank account has the statement’s account'
                  : 'no such bank account',
              hint: 'Ids: list_bank_accounts.',
            },
          ],
        },
        { cause: error },
      );
    throw new ToolFailure(
      { code: 'SERVICE_ERROR', message: `The books could not be matched: ${error.message}`, business },
      { cause: error },
    );
  }
}

/** The idempotency key of booking a line of the file. */
export function keyOf(file: ReconciledFile, line: string): string {
  const found = file.lines.get(line) as FileLine;
  return bookingKey(found.statement, found.line);
}

/** The reconciliation of a line, by id. */
export function outcomeOf(file: ReconciledFile, line: string): LineReconciliation | undefined {
  return file.result.lines.find((l) => l.line === line);
}
