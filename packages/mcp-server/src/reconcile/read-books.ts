import { HttpError, isoToDmy } from '@acctkit/client';
import type { BankStatement, Books } from '@acctkit/reconcile';
import type { BusinessConnection } from '../business-connection.js';
import { EXPENSES, INCOMES } from '../record-kinds.js';
import { settleAll } from '../service-call.js';
import type { ToolContext } from '../tool-definition.js';
import { failureFromResponse, failureFromThrown } from '../tool-failure.js';

/** Days around the statement's dates whose records are read: the matcher's reference window. */
export const READ_WINDOW_DAYS = 30;

type Paging = {
  paginate(
    path: string,
    init?: { params?: { query?: Record<string, unknown> } },
  ): AsyncGenerator<unknown, void, undefined>;
};

/** Every record of a list path through the client's paging (pages of 200), as the API sends it. */
async function everyRecord(
  connection: BusinessConnection,
  path: string,
  query: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  try {
    for await (const record of (connection.client as unknown as Paging).paginate(path, {
      params: { query },
    })) {
      signal.throwIfAborted();
      records.push(record as Record<string, unknown>);
    }
  } catch (error) {
    if (error instanceof HttpError)
      throw failureFromResponse(connection, new Response(null, { status: error.status }), error.body);
    throw failureFromThrown(connection, error);
  }
  return records;
}

function shiftDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first and last day whose records may match a line of the statement, or `undefined` without lines. */
export function statementPeriod(statement: BankStatement): { from: string; to: string } | undefined {
  const dates = statement.lines.flatMap((l) =>
    l.valueDate ? [l.bookingDate, l.valueDate] : [l.bookingDate],
  );
  if (dates.length === 0) return undefined;
  dates.sort();
  return {
    from: shiftDays(dates[0] as string, -READ_WINDOW_DAYS),
    to: shiftDays(dates[dates.length - 1] as string, READ_WINDOW_DAYS),
  };
}

/**
 * Reads the books for a statement once: the bank accounts, the contacts, and the expenses and
 * incomes of the statement's period (its first to last date ± 30 days), each through the client's
 * paging at 200 records a page, the four lists at once. Never a request per line.
 */
export async function readBooks(context: ToolContext, statement: BankStatement): Promise<Books> {
  const { connection, signal } = context;
  const period = statementPeriod(statement);
  const dated = async (path: string, dmy: boolean): Promise<Record<string, unknown>[]> =>
    period
      ? everyRecord(
          connection,
          path,
          {
            from_date: dmy ? isoToDmy(period.from) : period.from,
            to_date: dmy ? isoToDmy(period.to) : period.to,
          },
          signal,
        )
      : [];
  const [bankAccounts, contacts, expenses, incomes] = await settleAll([
    everyRecord(connection, '/accounts/v2/bank_accounts', {}, signal),
    everyRecord(connection, '/accounts/v2/contacts', {}, signal),
    dated(EXPENSES.path, EXPENSES.dmyFilters.includes('from_date')),
    dated(INCOMES.path, INCOMES.dmyFilters.includes('from_date')),
  ]);
  // Records as the API returns them, which is what `Books` picks its fields from.
  return { bankAccounts, contacts, expenses, incomes } as unknown as Books;
}
