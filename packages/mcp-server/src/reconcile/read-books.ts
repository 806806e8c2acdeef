import { HttpError } from '@acctkit/client';
import {
  type BankStatement,
  type Books,
  readBooks as readStatementBooks,
  statementPeriod,
} from '@acctkit/reconcile';
import type { ToolContext } from '../tool-definition.js';
import { failureFromResponse, failureFromThrown } from '../tool-failure.js';

/**
 * Reads the books for a statement once through `@acctkit/reconcile`'s `readBooks` (bank accounts,
 * contacts, and the expenses and incomes of the statement's period, the four lists at once through the
 * client's paging); a list the service refuses, or a transport failure, becomes the tool's coded failure.
 */
export async function readBooks(context: ToolContext, statement: BankStatement): Promise<Books> {
  const { connection, signal } = context;
  try {
    return await readStatementBooks(connection.client, { period: statementPeriod(statement), signal });
  } catch (error) {
    if (error instanceof HttpError)
      throw failureFromResponse(connection, new Response(null, { status: error.status }), error.body);
    throw failureFromThrown(connection, error);
  }
}
