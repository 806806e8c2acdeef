import type { BankStatement, StatementFormat } from './bank-statement.js';
import { parseCamt053 } from './camt053/index.js';
import { parseCsv } from './csv/index.js';
import { decodeText } from './decode-text.js';
import { detectFormat } from './detect-format.js';
import { parseMt940 } from './mt940/index.js';
import { ReconcileError } from './reconcile-error.js';

/** The default cap on the input: 10 MiB. */
export const MAX_STATEMENT_BYTES: number = 10 * 1024 * 1024;

/** Options of {@link parseStatement}. */
export interface ParseStatementOptions {
  /** The format; detected from the text when not given. */
  readonly format?: StatementFormat;
  /** Currency of a CSV export that names none in a column, its header or the lines before it. */
  readonly currency?: string;
  /** Largest input accepted: bytes of a `Uint8Array`, UTF-16 code units of a string. Default 10 MiB. */
  readonly maxBytes?: number;
}

/**
 * Parses a bank statement file (CAMT.053 001.02 to 001.13, MT940 of German banks, or a bank's CSV
 * export) into its statements. Bytes are read as UTF-8 when valid, else as Windows-1252. Either every
 * statement of the file comes back or a {@link ReconcileError} is thrown: `TOO_LARGE` before reading
 * anything bigger than `maxBytes`, `UNKNOWN_FORMAT`, or `MALFORMED_CAMT`/`MALFORMED_MT940`/
 * `MALFORMED_CSV` naming the element path or line.
 *
 * @param input - The file's text or bytes.
 * @param options - `format` to skip detection, `currency` for CSV, `maxBytes` (default 10 MiB).
 * @returns The statements in file order, each with its account, balances and lines.
 * @example
 * ```ts
 * import { parseStatement } from '@acctkit/reconcile';
 * const [statement] = parseStatement(
 *   ':20:STARTUMS\n:25:10020030/1234567\n:28C:1/1\n:60F:C240102EUR100,00\n' +
 *     ':61:2401020102DR12,50NMSCNONREF\n:86:005?00LASTSCHRIFT?20Miete Januar?32Hausverwaltung\n' +
 *     ':62F:C240102EUR87,50\n-\n',
 * );
 * console.log(statement?.lines[0]?.amount); // '-12.50'
 * ```
 */
export function parseStatement(
  input: string | Uint8Array,
  options: ParseStatementOptions = {},
): BankStatement[] {
  const max = options.maxBytes ?? MAX_STATEMENT_BYTES;
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > max) {
    throw new ReconcileError(
      'TOO_LARGE',
      `The statement file has ${size} ${typeof input === 'string' ? 'characters' : 'bytes'}, more than the ${max} accepted; split the export into shorter periods.`,
    );
  }
  const text = typeof input === 'string' ? input : decodeText(input);
  const format = options.format ?? detectFormat(text);
  switch (format) {
    case 'camt053':
      return parseCamt053(text);
    case 'mt940':
      return parseMt940(text);
    case 'csv':
      return parseCsv(text, options.currency === undefined ? {} : { currency: options.currency });
    default:
      throw new ReconcileError(
        'UNKNOWN_FORMAT',
        'The file is neither CAMT.053 XML, MT940 nor a CSV export with a header row; export the statement from the bank as CAMT.053, MT940 or CSV.',
      );
  }
}
