import type { BankStatement, StatementLine } from '../bank-statement.js';
import { ReconcileError } from '../reconcile-error.js';

/** One line of a statement file, with the statement of the file it is on (its `bookingKey` needs it). */
export interface FileLine {
  readonly statement: BankStatement;
  readonly line: StatementLine;
}

/**
 * A statement file read as one statement of one account, ready to be reconciled: a file of several
 * statements (one per day, as banks write MT940 and CAMT.053) becomes one run of lines from the first
 * opening to the last closing balance, so that each record of the books is matched to one line of
 * the whole file.
 */
export interface StatementFile {
  readonly statement: BankStatement;
  /** Each line by its id, with the statement of the file it came from. */
  readonly lines: ReadonlyMap<string, FileLine>;
}

const accountOf = (s: BankStatement): string =>
  `${s.account.iban ?? `${s.account.bankCode ?? ''}/${s.account.number ?? ''}`} ${s.currency}`;

/**
 * Joins the statements of one file (as `parseStatement` returns them) into the one statement that
 * `reconcileStatement` takes, keeping for each line the statement it is on.
 *
 * @param statements - The statements of one file, in file order.
 * @returns The joined statement and its lines by id.
 * @throws ReconcileError `INVALID_STATEMENT` when the file holds no statement, or statements of more
 *   than one account or currency.
 * @example
 * ```ts
 * import { bookingKey, parseStatement, statementFile } from '@acctkit/reconcile';
 * const { statement, lines } = statementFile(
 *   parseStatement('Date,Amount,Currency,Description\n2024-03-04,-12.50,EUR,Rent\n'),
 * );
 * const first = lines.get(statement.lines[0]?.line ?? '');
 * if (first) console.log(bookingKey(first.statement, first.line)); // 'reconcile:l…'
 * ```
 */
export function statementFile(statements: readonly BankStatement[]): StatementFile {
  const [first, ...rest] = statements;
  if (!first) throw new ReconcileError('INVALID_STATEMENT', 'The file holds no statement.');
  const other = rest.find((s) => accountOf(s) !== accountOf(first));
  if (other)
    throw new ReconcileError(
      'INVALID_STATEMENT',
      `The file holds statements of more than one account (${accountOf(first)}, ${accountOf(other)}): reconcile each account's statements on their own.`,
    );
  const last = statements[statements.length - 1] as BankStatement;
  const lines = new Map<string, FileLine>();
  for (const statement of statements)
    for (const line of statement.lines) if (!lines.has(line.line)) lines.set(line.line, { statement, line });
  const { closing: _closing, ...head } = first;
  const statement: BankStatement =
    rest.length === 0
      ? first
      : {
          ...head,
          lines: statements.flatMap((s) => s.lines),
          ...(last.closing ? { closing: last.closing } : {}),
        };
  return { statement, lines };
}
