import type { BankStatement } from './bank-statement.js';
import { serializeCamt053 } from './camt053/serialize-camt053.js';
import { checkStatement } from './check-statement.js';
import { serializeCsv } from './csv/serialize-csv.js';
import { ReconcileError } from './reconcile-error.js';

/** Options of {@link serializeStatement}. */
export interface SerializeStatementOptions {
  /** `camt053` (CAMT.053.001.08 XML, the default) or `csv` (English, one statement). */
  readonly format?: 'camt053' | 'csv';
}

/**
 * Writes statements as CAMT.053.001.08 XML (several statements, balances required) or as an English
 * CSV export (one statement; a running balance column when the opening balance is known). What
 * {@link parseStatement} reads back gives the same amounts, dates, texts and line ids.
 *
 * @param statements - A statement or several, as {@link parseStatement} gives them.
 * @param options - `format`, default `camt053`.
 * @returns The file's text.
 * @throws ReconcileError `INVALID_STATEMENT` for an amount, date or currency not in the parser's form,
 *   a CAMT.053 statement without balances, or several statements for CSV.
 * @example
 * ```ts
 * import { parseStatement, serializeStatement } from '@acctkit/reconcile';
 * const statements = parseStatement('Date,Amount,Currency,Description\n2024-01-02,-12.50,EUR,Rent\n');
 * const csv = serializeStatement(statements, { format: 'csv' });
 * console.log(parseStatement(csv)[0]?.lines[0]?.amount); // '-12.50'
 * ```
 */
export function serializeStatement(
  statements: BankStatement | readonly BankStatement[],
  options: SerializeStatementOptions = {},
): string {
  const list: readonly BankStatement[] = Array.isArray(statements)
    ? statements
    : [statements as BankStatement];
  list.forEach(checkStatement);
  if (options.format === 'csv') {
    if (list.length !== 1) {
      throw new ReconcileError(
        'INVALID_STATEMENT',
        `CSV holds one statement, ${list.length} were given; write one file per statement.`,
      );
    }
    return serializeCsv(list[0] as BankStatement);
  }
  list.forEach((s, i) => {
    if (!s.opening || !s.closing) {
      throw new ReconcileError(
        'INVALID_STATEMENT',
        `statements[${i}] has no ${s.opening ? 'closing' : 'opening'} balance, which CAMT.053 requires; write it as CSV.`,
      );
    }
  });
  return serializeCamt053(list);
}
