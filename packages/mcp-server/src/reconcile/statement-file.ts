import { type BankStatement, parseStatement, ReconcileError, type StatementLine } from '@acctkit/reconcile';
import type { JsonSchema } from '../json-schema.js';
import type { ToolContext } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';

/** The largest statement a call takes: 2 MiB of text (about 4,000 CAMT.053 entries). */
export const MAX_STATEMENT_TEXT_BYTES: number = 2 * 1024 * 1024;

/** The `statement` argument of the reconcile tools. */
export const STATEMENT_ARGUMENT: JsonSchema = {
  type: 'string',
  minLength: 1,
  description: 'File text: CAMT.053, MT940 or bank CSV; ≤ 2 MB.',
};

/** The `bank_account_id` argument of the reconcile tools. */
export const BANK_ACCOUNT_ARGUMENT: JsonSchema = {
  type: 'integer',
  minimum: 1,
  description: 'Bank account id (list_bank_accounts); default: by IBAN.',
};

/** One line of a statement file, with the statement it is on (its booking key needs it). */
export interface FileLine {
  readonly statement: BankStatement;
  readonly line: StatementLine;
}

/**
 * A statement file read as one statement of one account: a file of several statements (one per day,
 * as banks write MT940 and CAMT.053) is one run of lines from the first opening to the last closing
 * balance, so that each record is matched to one line of the whole file.
 */
export interface StatementFile {
  readonly statement: BankStatement;
  /** Each line by its id, with the statement of the file it came from. */
  readonly lines: ReadonlyMap<string, FileLine>;
}

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
  let statements: BankStatement[];
  try {
    statements = parseStatement(bytes, { maxBytes: MAX_STATEMENT_TEXT_BYTES });
  } catch (error) {
    if (!(error instanceof ReconcileError)) throw error;
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
  const [first, ...rest] = statements;
  if (!first)
    throw new ToolFailure({
      code: 'INVALID_ARGUMENTS',
      message: 'The file holds no statement.',
      business,
      fields: [{ field: 'statement', problem: 'no statement' }],
    });
  const accountOf = (s: BankStatement): string =>
    `${s.account.iban ?? `${s.account.bankCode ?? ''}/${s.account.number ?? ''}`} ${s.currency}`;
  const other = rest.find((s) => accountOf(s) !== accountOf(first));
  if (other)
    throw new ToolFailure({
      code: 'INVALID_ARGUMENTS',
      message: `The file holds statements of more than one account (${accountOf(first)}, ${accountOf(other)}): send each account's statements on their own.`,
      business,
      fields: [{ field: 'statement', problem: `statement ${other.id} is of another account` }],
    });
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
