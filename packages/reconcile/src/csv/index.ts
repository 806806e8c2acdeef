import type { BankStatement, StatementAccount, StatementBalance } from '../bank-statement.js';
import { cleanCode, cleanText, NAME_LIMIT, REMITTANCE_LIMIT } from '../clean-text.js';
import { absoluteAmount, negateAmount, sumAmounts } from '../decimal-amount.js';
import { assignDefined, newLine, numberLines, type UnnumberedLine } from '../line-id.js';
import { ReconcileError } from '../reconcile-error.js';
import { type CsvColumn, headerColumns } from './csv-columns.js';
import { csvAmount, csvDate, type DecimalMark, decimalMark } from './csv-values.js';
import { type CsvRecord, readCsv } from './read-csv.js';

/** How far into the file a header row is looked for (banks put account details first). */
const HEADER_SEARCH = 40;
const DELIMITERS = [';', ',', '\t'] as const;

const fail = (line: number, message: string): ReconcileError =>
  new ReconcileError('MALFORMED_CSV', `CSV line ${line}: ${message}`, { line });

interface Header {
  readonly delimiter: string;
  readonly index: number;
  readonly line: number;
  readonly columns: Map<CsvColumn, number>;
  readonly currency?: string;
  readonly score: number;
}

/** The delimiter and header row that recognise the most columns, or `undefined` when none does. */
export function findHeader(text: string): Header | undefined {
  let best: Header | undefined;
  for (const delimiter of DELIMITERS) {
    const { records } = readCsv(text, delimiter, HEADER_SEARCH);
    for (const [index, record] of records.entries()) {
      const found = headerColumns(record.cells);
      if (!found) continue;
      if (!best || found.score > best.score) best = { delimiter, index, line: record.line, ...found };
      break;
    }
  }
  return best;
}

const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/;

/** Account and currency named in the lines before the header (`Konto;DE89 3704 …`, `Moeda;EUR`). */
function preamble(records: readonly CsvRecord[]): { account: StatementAccount; currency?: string } {
  let iban: string | undefined;
  let currency: string | undefined;
  for (const { cells } of records) {
    for (const [i, cell] of cells.entries()) {
      const m = IBAN.exec(cell.toUpperCase());
      if (m && !iban) iban = cleanCode(m[1]);
      if (/^(w(ä|ae)hrung|moeda|currency):?$/i.test(cell.trim())) {
        const next = cells[i + 1]?.trim().toUpperCase();
        if (next && /^[A-Z]{3}$/.test(next)) currency ??= next;
      }
    }
  }
  return { account: iban ? { iban } : {}, ...(currency ? { currency } : {}) };
}

/** What the sign column says: `S`/`D`/`Soll`/`Débito` debit, anything else as the amount says. */
const isDebitMark = (value: string): boolean => /^(s|soll|d|db|dr|debit|débito|debito)$/i.test(value.trim());

interface Row {
  readonly line: UnnumberedLine;
  readonly balance?: string;
}

/** Opening and closing balance from a running balance column, in whichever order the rows run. */
function runningBalances(
  rows: readonly Row[],
): { opening: StatementBalance; closing: StatementBalance } | undefined {
  if (rows.length === 0 || rows.some((r) => r.balance === undefined)) return undefined;
  const after = (r: Row): string => r.balance as string;
  const fits = (ordered: readonly Row[]): boolean =>
    ordered.every((r, i) => {
      const previous = ordered[i - 1];
      return i === 0 || sumAmounts([after(previous as Row), r.line.amount]) === after(r);
    });
  for (const ordered of [rows, [...rows].reverse()]) {
    if (!fits(ordered)) continue;
    const first = ordered[0] as Row;
    const last = ordered[ordered.length - 1] as Row;
    const opening = sumAmounts([after(first), negateAmount(first.line.amount)]);
    return {
      opening: { amount: opening, date: first.line.bookingDate },
      closing: { amount: after(last), date: last.line.bookingDate },
    };
  }
  return undefined;
}

/** Reads a bank's CSV export (German, Portuguese or English headers) into statements, one per currency. */
export function parseCsv(text: string, options: { readonly currency?: string } = {}): BankStatement[] {
  const header = findHeader(text);
  if (!header) {
    throw fail(
      1,
      `no header row (with a date column such as Buchungstag, Data or Date) in the first ${HEADER_SEARCH} lines.`,
    );
  }
  const { columns } = header;
  const amountColumns = (['amount', 'debit', 'credit'] as const).filter((c) => columns.has(c));
  if (amountColumns.length === 0) {
    throw fail(
      header.line,
      'the header row has no amount column: name one Betrag, Montante or Amount, or give debit and credit columns (Soll/Haben, Débito/Crédito, Debit/Credit).',
    );
  }
  const { records, unclosedQuote } = readCsv(text, header.delimiter);
  if (unclosedQuote !== undefined)
    throw fail(unclosedQuote, 'a quoted field is never closed; the file is cut short.');
  const { account, currency: preambleCurrency } = preamble(records.slice(0, header.index));
  const cell = (record: CsvRecord, column: CsvColumn): string | undefined => {
    const i = columns.get(column);
    const value = i === undefined ? undefined : record.cells[i]?.trim();
    return value === '' ? undefined : value;
  };
  const data = records.slice(header.index + 1).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const samples = data.flatMap((r) =>
    amountColumns.concat(['balance'] as never).map((c) => cell(r, c) ?? ''),
  );
  const mark: DecimalMark = decimalMark(samples, header.delimiter === ',' ? '.' : ',');
  const amountAt = (record: CsvRecord, column: CsvColumn): string | undefined => {
    const raw = cell(record, column);
    if (raw === undefined) return undefined;
    const amount = csvAmount(raw, mark);
    if (amount === null) throw fail(record.line, `"${raw}" in the ${column} column is not an amount.`);
    return amount;
  };
  const rows: Row[] = [];
  for (const record of data) {
    const dateText = cell(record, 'bookingDate') ?? cell(record, 'valueDate');
    if (dateText === undefined) continue;
    const bookingDate = csvDate(dateText);
    if (!bookingDate) {
      throw fail(
        record.line,
        `"${dateText}" is not a date (dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd).`,
      );
    }
    const valueText = cell(record, 'valueDate');
    const valueDate = valueText === undefined ? undefined : csvDate(valueText);
    let amount: string | undefined;
    if (columns.has('amount')) {
      amount = amountAt(record, 'amount');
      const sign = cell(record, 'sign');
      if (amount !== undefined && sign !== undefined && isDebitMark(sign))
        amount = negateAmount(absoluteAmount(amount));
    } else {
      const debit = amountAt(record, 'debit');
      const credit = amountAt(record, 'credit');
      const nonZero = (a: string | undefined): boolean => a !== undefined && !/^-?[0.]+$/.test(a);
      if (nonZero(debit) && nonZero(credit))
        throw fail(record.line, 'the row has both a debit and a credit amount.');
      amount = nonZero(debit)
        ? negateAmount(absoluteAmount(debit as string))
        : credit !== undefined
          ? absoluteAmount(credit)
          : debit;
    }
    if (amount === undefined) throw fail(record.line, 'the row has a date but no amount.');
    const currency =
      cell(record, 'currency')?.toUpperCase() ?? header.currency ?? preambleCurrency ?? options.currency;
    if (!currency || !/^[A-Z]{3}$/.test(currency)) {
      throw fail(
        record.line,
        'no currency: add a currency column (Währung, Moeda, Currency) or pass the currency option.',
      );
    }
    const balance = amountAt(record, 'balance');
    const line = newLine(bookingDate, amount, currency);
    assignDefined(line, {
      valueDate,
      counterpartyName: cleanText(cell(record, 'name'), NAME_LIMIT),
      counterpartyIban: cleanCode(cell(record, 'iban')),
      counterpartyBic: cleanCode(cell(record, 'bic')),
      remittance: cleanText(cell(record, 'remittance'), REMITTANCE_LIMIT),
      endToEndId: cleanText(cell(record, 'endToEndId'), NAME_LIMIT),
      mandateId: cleanText(cell(record, 'mandateId'), NAME_LIMIT),
      creditorId: cleanText(cell(record, 'creditorId'), NAME_LIMIT),
      bankReference: cleanText(cell(record, 'reference'), NAME_LIMIT),
      bookingText: cleanText(cell(record, 'bookingText'), NAME_LIMIT),
    });
    rows.push(balance === undefined ? { line } : { line, balance });
  }
  const currencies = [...new Set(rows.map((r) => r.line.currency))];
  if (currencies.length === 0) {
    const fallback = header.currency ?? preambleCurrency ?? options.currency;
    if (!fallback) throw fail(header.line, 'the export has no rows and names no currency.');
    currencies.push(fallback);
  }
  return currencies.map((currency) => {
    const own = rows.filter((r) => r.line.currency === currency);
    const balances = runningBalances(own);
    return {
      format: 'csv',
      id: 'csv',
      account,
      currency,
      ...(balances ?? {}),
      lines: numberLines(
        account,
        own.map((r) => r.line),
      ),
    } satisfies BankStatement;
  });
}
