import { decimalCompare } from '@acctkit/openapi/formats';
import type { BankStatement } from './bank-statement.js';
import { sumAmounts } from './decimal-amount.js';

/** Totals of a statement and whether its balances agree with its lines. */
export interface StatementSummary {
  /** Number of lines. */
  readonly lines: number;
  /** Sum of the positive lines, as a decimal string. */
  readonly credits: string;
  /** Sum of the negative lines (negative or zero). */
  readonly debits: string;
  /** Sum of all lines. */
  readonly net: string;
  /** Opening balance plus `net`, when the opening balance is known. */
  readonly expectedClosing?: string;
  /**
   * `true` when opening balance + sum of lines = closing balance exactly, `false` when not (a line is
   * missing or the file was changed), `undefined` when a balance is unknown (a CSV export without one).
   */
  readonly balanced: boolean | undefined;
}

/**
 * Adds up a statement's lines exactly (scaled integers, never floating point) and checks them against
 * its balances: opening + sum(lines) = closing.
 *
 * @param statement - A statement from {@link parseStatement}.
 * @returns The counts and sums, and `balanced`.
 * @example
 * ```ts
 * import { parseStatement, summarizeStatement } from '@acctkit/reconcile';
 * const [statement] = parseStatement(
 *   ':20:1\n:25:10020030/1234567\n:60F:C240102EUR100,00\n:61:240102D12,50NMSCNONREF\n:62F:C240102EUR87,50\n',
 * );
 * if (statement) console.log(summarizeStatement(statement)); // { lines: 1, …, balanced: true }
 * ```
 */
export function summarizeStatement(statement: BankStatement): StatementSummary {
  const amounts = statement.lines.map((l) => l.amount);
  const credits = sumAmounts(amounts.filter((a) => !a.startsWith('-')));
  const debits = sumAmounts(amounts.filter((a) => a.startsWith('-')));
  const net = sumAmounts([credits, debits]);
  const { opening, closing } = statement;
  const expectedClosing = opening ? sumAmounts([opening.amount, net]) : undefined;
  const balanced =
    expectedClosing !== undefined && closing
      ? decimalCompare(expectedClosing, closing.amount) === 0
      : undefined;
  return {
    lines: amounts.length,
    credits,
    debits,
    net,
    ...(expectedClosing === undefined ? {} : { expectedClosing }),
    balanced,
  };
}
