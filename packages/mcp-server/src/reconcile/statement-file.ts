import { parseStatement, ReconcileError, type StatementFile, statementFile } from '@acctkit/reconcile';
import type { JsonSchema } from '../json-schema.js';
import type { ToolContext } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';

/** The largest statement a call takes: 2 MiB of text (about 4,000 CAMT.053 entries). */
export const MAX_STATEMENT_TEXT_BYTES: number = 2 * 1024 * 1024;

/** The `statement` argument of the reconcile tools. */
export const STATEMENT_ARGUMENT: JsonSchema & { readonly type: 'string' } = {
  type: 'string',
  minLength: 1,
  description: 'File text: CAMT.053, MT940 or bank CSV; ≤ 2 MB.',
};

/** The `bank_account_id` argument of the reconcile tools. */
export const BANK_ACCOUNT_ARGUMENT: JsonSchema & { readonly type: 'integer' } = {
  type: 'integer',
  minimum: 1,
  description: 'Bank account id (list_bank_accounts); default: by IBAN.',
};

/** A line of the file with the statement it is on (of `@acctkit/reconcile`, as `readStatementFile` gives them). */
export type { FileLine } from '@acctkit/reconcile';

/** Reads the `statement` argument; a coded failure names the line or element of a bad file. */
export function readStatementFile(text: string, context: ToolContext): StatementFile {
  const business = context.connection.name;
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > MAX_STATEMENT_TEXT_BYTES)
    throw new ToolFailure({
      code: 'INVALID_ARGUMENTS',
      message: `The statement is ${bytes.length} bytes; at most ${MAX_STATEMENT_TEXT_BYTES} (2 MB) are read. Split the file by date and reconcile each part.`,
      business,
      fields: [{ field: 'statement', problem: 'larger than 2 MB' }],
    });
  try {
    // A file of several statements (one per day, as banks write MT940 and CAMT.053) is read as one
    // statement of one account, so that each record is matched to one line of the whole file.
    return statementFile(parseStatement(bytes, { maxBytes: MAX_STATEMENT_TEXT_BYTES }));
  } catch (error) {
    if (!(error instanceof ReconcileError)) throw error;
    if (error.code === 'INVALID_STATEMENT')
      throw new ToolFailure(
        {
          code: 'INVALID_ARGUMENTS',
          message: error.message,
          business,
          fields: [{ field: 'statement', problem: error.message }],
        },
        { cause: error },
      );
    const where =
      error.path !== undefined
        ? ` at ${error.path}`
        : error.line !== undefined
          ? ` at line ${error.line}`
          : '';
    throw new ToolFailure(
      {
        code: 'INVALID_ARGUMENTS',
        message: `The statement could not be read (${error.code}${where}): ${error.message}`,
        business,
        fields: [{ field: 'statement', problem: `${error.code}${where}` }],
      },
      { cause: error },
    );
  }
}
