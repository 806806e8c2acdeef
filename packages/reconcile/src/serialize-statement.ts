import type { BankStatement } from './bank-statement.js';
import { serializeCamt053 } from './camt053/serialize-camt053.js';
import { checkStatement } from './check-statement.js';
import { serializeCsv } from './csv/serialize-csv.js';
import { serializeMt940 } from './mt940/serialize-mt940.js';
import { ReconcileError } from './reconcile-error.js';

/** Options of {@link serializeStatement}. */
export interface SerializeStatementOptions {
  /**
   * `camt053` (CAMT.053.001.08 XML, the default), `mt940` (German dialect) or `csv` (English, one
   * statement).
   */
  readonly format?: 'camt053' | 'mt940' | 'csv';
}

/**
 * Writes statements as CAMT.053.001.08 XML (several statements, balances required), as MT940 in the
 * German dialect (several statements, balances and an account IBAN or number required) or as an
 * English CSV export (one statement; a running balance column when the opening balance is known).
 * What {@link parseStatement} reads back gives the same amounts, dates, balances, texts and line ids,
 * as far as the format holds them.
 *
 * MT940 is written as German banks write it: `:20:`, `:25:` (bank code/account number or BIC/IBAN),
 * `:28C:`, `:60F:`, per line a `:61:` (value date, entry date, `C`/`D`, amount with decimal comma,
 * `N` type, `NONREF//` bank reference) and a structured `:86:` (GVC, `?00` booking text, `EREF+`,
 * `MREF+`, `CRED+`, `SVWZ+` in `?20`–`?29` and `?60`–`?63` cut at 27 characters, `?30` BIC, `?31`
 * IBAN, `?32`/`?33` name), `:62F:`; lines of at most 65 characters with CRLF, a `-` line after each
 * statement. What MT940 cannot hold is cut: the name at 54 characters, the booking text at 27, the
 * tagged purpose at 14 subfields, the bank reference at what the `:61:` line leaves; a value date
 * more than half a year from the booking date (the entry date has no year) becomes the booking date.
 * A line without GVC or SWIFT type gets one for its kind (`166`/`116`/`105`, `NTRF`/`NDDT`/`NMSC`).
 * The text is returned as a string: encode it as UTF-8, or as Windows-1252 where a receiver wants the
 * banks' old encoding ({@link parseStatement} reads both).
 *
 * @param statements - A statement or several, as {@link parseStatement} gives them.
 * @param options - `format`, default `camt053`.
 * @returns The file's text.
 * @throws ReconcileError `INVALID_STATEMENT` for an amount, date or currency not in the parser's form,
 *   a CAMT.053 or MT940 statement without balances, an MT940 statement without account, a line in
 *   another currency or a date outside 1970–2069 for MT940, or several statements for CSV.
 * @example
 * ```ts
 * import { type BankStatement, parseStatement, serializeStatement } from '@acctkit/reconcile';
 * const statement: BankStatement = {
 *   format: 'csv', id: 'STARTUMSE', account: { iban: 'DE89370400440532013000' }, currency: 'EUR',
 *   opening: { amount: '100.00', date: '2024-01-01' }, closing: { amount: '87.50', date: '2024-01-02' },
 *   lines: [{ line: '', bookingDate: '2024-01-02', amount: '-12.50', currency: 'EUR', remittance: 'Rent' }],
 * };
 * const mt940 = serializeStatement(statement, { format: 'mt940' });
 * console.log(parseStatement(mt940)[0]?.lines[0]?.remittance); // 'Rent'
 * const csv = serializeStatement(statement, { format: 'csv' });
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
  if (options.format === 'mt940') return serializeMt940(list);
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
