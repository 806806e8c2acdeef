import { isoToDmy } from '@acctkit/openapi/formats';
import type { Books } from '../match/books.js';
import type { BooksPeriod } from './statement-period.js';

/** Options of {@link readBooks}. */
export interface ReadBooksOptions {
  /** The days whose expenses and incomes are read (`statementPeriod`); none are read without one. */
  readonly period: BooksPeriod | undefined;
  /** Stops reading: sent with every request, and checked between records. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * What {@link readBooks} needs of a client of `@acctkit/client` (either variant, from `createClient`):
 * its `paginate`. Declared by shape, so that this package does not depend on the client (the sandbox
 * depends on this package, and the client's tests on the sandbox).
 */
export interface BooksClient {
  readonly paginate: (path: never, ...rest: never[]) => AsyncIterable<unknown>;
}

// Both variants' clients page the same list paths; one loose signature serves either of them.
type Paging = {
  paginate(
    path: string,
    init?: { params?: { query?: Record<string, unknown> }; signal?: AbortSignal },
  ): AsyncGenerator<unknown, void, undefined>;
};

async function everyRecord(
  client: BooksClient,
  path: string,
  query: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  const records: unknown[] = [];
  const init = { params: { query }, ...(signal && { signal }) };
  for await (const record of (client as unknown as Paging).paginate(path, init)) {
    signal?.throwIfAborted();
    records.push(record);
  }
  return records;
}

/** Like `Promise.all`, but a failure is thrown only once every list has stopped: no request is left running. */
async function settleAll(calls: readonly Promise<unknown[]>[]): Promise<unknown[][]> {
  const settled = await Promise.allSettled(calls);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown[]>).value);
}

/**
 * Reads the books a statement is reconciled against, once: the business's bank accounts and contacts,
 * and the expenses and incomes of the period, each list through the client's paging (200 records a
 * page), the four at once: a handful of requests whatever the number of lines. Expenses are filtered
 * with ISO dates, incomes with `dd/mm/yyyy` (the spec's income list takes only those, in both variants).
 * The records are kept as the API returns them, which is what {@link Books} picks its fields from.
 *
 * @param client - A client of the business (either variant), from `createClient`.
 * @param options - `period` (from `statementPeriod`) and an optional `signal`.
 * @returns The books for `reconcileStatement`.
 * @throws HttpError (of `@acctkit/client`) when a list answers with an error; AccountingError for a
 *   transport failure; the signal's reason when aborted.
 * @example
 * ```ts
 * import { type BooksClient, parseStatement, readBooks, reconcileStatement, statementPeriod } from '@acctkit/reconcile';
 * // A client of the business: `createClient({ variant, baseUrl, credentials, userAgent })` of @acctkit/client.
 * declare const client: BooksClient, file: Uint8Array;
 * const [statement] = parseStatement(file);
 * if (statement) {
 *   const books = await readBooks(client, { period: statementPeriod(statement) });
 *   console.log(reconcileStatement(statement, books).summary);
 * }
 * ```
 */
export async function readBooks(client: BooksClient, options: ReadBooksOptions): Promise<Books> {
  const { period, signal } = options;
  const dated = async (path: string, dmy: boolean): Promise<unknown[]> =>
    period
      ? everyRecord(
          client,
          path,
          {
            from_date: dmy ? isoToDmy(period.from) : period.from,
            to_date: dmy ? isoToDmy(period.to) : period.to,
          },
          signal,
        )
      : [];
  const [bankAccounts, contacts, expenses, incomes] = await settleAll([
    everyRecord(client, '/accounts/v2/bank_accounts', {}, signal),
    everyRecord(client, '/accounts/v2/contacts', {}, signal),
    dated('/accounts/v2/expenses', false),
    dated('/accounts/v2/incomes', true),
  ]);
  return { bankAccounts, contacts, expenses, incomes } as unknown as Books;
}
