import { readFile } from 'node:fs/promises';
import {
  MAX_STATEMENT_BYTES,
  parseStatement,
  ReconcileError,
  type StatementFile,
  statementFile,
} from '@acctkit/reconcile';
import { CliError } from '../cli-error.js';

/**
 * Reads a bank statement file (CAMT.053, MT940 or a bank's CSV export, detected from its text) as
 * bytes, so that an MT940 export in Windows-1252 is decoded as such, and joins its statements into
 * one statement of one account.
 *
 * @throws CliError `STATEMENT` naming the file and, for a malformed one, the line or element.
 */
export async function readStatementFile(path: string): Promise<StatementFile> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new CliError('STATEMENT', `Cannot read the statement file ${path}: ${why}.`, { cause: error });
  }
  try {
    return statementFile(parseStatement(bytes, { maxBytes: MAX_STATEMENT_BYTES }));
  } catch (error) {
    if (!(error instanceof ReconcileError)) throw error;
    const where =
      error.line !== undefined
        ? `, line ${error.line}`
        : error.path !== undefined
          ? `, at ${error.path}`
          : '';
    // The place is said once, first: the parser's CAMT messages name the element themselves.
    const message =
      error.path === undefined ? error.message : error.message.replace(`CAMT.053 ${error.path}: `, '');
    throw new CliError('STATEMENT', `${path}${where}: ${message} (${error.code})`, { cause: error });
  }
}
