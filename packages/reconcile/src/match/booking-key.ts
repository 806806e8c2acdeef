import type { BankStatement, StatementLine } from '../bank-statement.js';
import { hash64 } from '../line-id.js';
import { ReconcileError } from '../reconcile-error.js';

/** Bank references that name no booking: MT940 writes `NONREF` when there is none. */
const NO_REFERENCE = /^(?:NONREF|NOTPROVIDED|NONE)$/i;

/**
 * A stable key for booking a line once, as the `idempotency_key` of a create (28 characters; the MCP
 * server takes up to 200). With a bank reference it is `reconcile:b` and 16 hex digits hashed from the
 * account (IBAN, else bank code and number), currency, booking date, amount and bank reference, plus
 * how many earlier lines of the statement share them (the lines of one CAMT batch share the
 * reference): the same booking in a CAMT.053 and an MT940 export of the account gets the same key,
 * whatever either says in its texts. Without one (or with `NONREF`) it is `reconcile:` and the
 * line's own id ({@link StatementLine.line}), which hashes the line's fields the same way.
 *
 * @param statement - The statement the line is on.
 * @param line - One of `statement.lines`.
 * @returns The key, such as `reconcile:b3f0c2a91d4e5b6c7`.
 * @throws ReconcileError `INVALID_STATEMENT` when the line is not on the statement.
 * @example
 * ```ts
 * import { bookingKey, parseStatement } from '@acctkit/reconcile';
 * const [statement] = parseStatement(
 *   ':20:1\n:25:10020030/1234567\n:60F:C240102EUR100,00\n:61:240102D12,50NMSCNONREF//B4E0112\n:62F:C240102EUR87,50\n',
 * );
 * const line = statement?.lines[0];
 * if (statement && line) console.log(bookingKey(statement, line)); // 'reconcile:b…'
 * ```
 */
export function bookingKey(statement: BankStatement, line: StatementLine): string {
  const position = statement.lines.indexOf(line);
  const index = position >= 0 ? position : statement.lines.findIndex((l) => l.line === line.line);
  if (index < 0)
    throw new ReconcileError(
      'INVALID_STATEMENT',
      `Line ${line.line} is not on statement ${statement.id}: pass the statement it came from.`,
    );
  const reference = line.bankReference;
  if (reference === undefined || NO_REFERENCE.test(reference)) return `reconcile:${line.line}`;
  const { account, currency } = statement;
  const fields = (l: StatementLine): string =>
    `${l.bookingDate}\u001f${l.amount}\u001f${l.bankReference ?? ''}`;
  const own = fields(line);
  let before = 0;
  for (let i = 0; i < index; i++) if (fields(statement.lines[i] as StatementLine) === own) before++;
  const accountKey = account.iban ?? `${account.bankCode ?? ''}/${account.number ?? ''}`;
  return `reconcile:b${hash64(`${accountKey}\u001f${currency}\u001f${own}\u001f${before}`)}`;
}
