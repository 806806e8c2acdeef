import type { BankStatement, StatementLine } from '../bank-statement.js';
import { sumAmounts } from '../decimal-amount.js';

const COLUMNS: readonly [string, (line: StatementLine) => string | undefined][] = [
  ['Booking date', (l) => l.bookingDate],
  ['Value date', (l) => l.valueDate],
  ['Amount', (l) => l.amount],
  ['Currency', (l) => l.currency],
  ['Counterparty', (l) => l.counterpartyName],
  ['IBAN', (l) => l.counterpartyIban],
  ['BIC', (l) => l.counterpartyBic],
  ['Description', (l) => l.remittance],
  ['End-to-end ID', (l) => l.endToEndId],
  ['Mandate ID', (l) => l.mandateId],
  ['Creditor ID', (l) => l.creditorId],
  ['Reference', (l) => l.bankReference],
  ['Booking text', (l) => l.bookingText],
];

/** A field quoted when it holds a comma, quote or line break, or could be read as a formula. */
const field = (value: string | undefined): string => {
  if (value === undefined) return '';
  return /[",\r\n]|^[=+\-@]/.test(value) && !/^-?\d+\.\d+$/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
};

/**
 * English CSV of one statement (`,`, decimal point, ISO dates): the account and currency on the
 * lines before the header, a running `Balance` column when the opening balance is known.
 */
export function serializeCsv(statement: BankStatement): string {
  const rows: string[] = [];
  if (statement.account.iban) rows.push(`IBAN,${statement.account.iban}`);
  rows.push(`Currency,${statement.currency}`, '');
  const withBalance = statement.opening !== undefined;
  rows.push([...COLUMNS.map(([name]) => name), ...(withBalance ? ['Balance'] : [])].join(','));
  let balance = statement.opening?.amount ?? '0.00';
  for (const line of statement.lines) {
    const cells = COLUMNS.map(([, get]) => field(get(line)));
    if (withBalance) {
      balance = sumAmounts([balance, line.amount]);
      cells.push(balance);
    }
    rows.push(cells.join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}
