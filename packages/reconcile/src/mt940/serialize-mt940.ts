import type { BankStatement, StatementBalance, StatementLine } from '../bank-statement.js';
import { absoluteAmount } from '../decimal-amount.js';
import { nearestDate } from '../iso-date.js';
import { ReconcileError } from '../reconcile-error.js';

/** Banks cut MT940 lines at 65 characters; the reader joins a field's lines again. */
const LINE_WIDTH = 65;
/** `?00`, `?20`–`?29`, `?32`, `?33` and `?60`–`?63` hold 27 characters each. */
const SUBFIELD_WIDTH = 27;
/** The purpose subfields, in the order they are filled: ten of `?20`–`?29`, then `?60`–`?63`. */
const PURPOSE_KEYS = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
/** A subfield that opens with one of these starts a new SEPA tag for the reader. */
const SEPA_TAG = /^(EREF|KREF|MREF|CRED|SVWZ|ABWA|ABWE|IBAN|BIC|DEBT|COAM|OAMT)\+/;
/** A line that opens a field, so it can never continue one. */
const FIELD_START = /^:(\d{2}[A-Z]?|NS):/;

const invalid = (index: number, message: string): ReconcileError =>
  new ReconcileError('INVALID_STATEMENT', `statements[${index}]${message}`);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text as MT940 can hold it: control characters and line breaks become spaces, `?` (which opens a
 * `:86:` subfield) becomes `.`, whitespace is collapsed and trimmed.
 */
function plain(value: string | undefined): string {
  return (value ?? '').replace(CONTROLS, ' ').replace(/\?/g, '.').replace(/\s+/g, ' ').trim();
}

/** An IBAN or BIC as one upper-case token, or `''` when the text is not one. */
function code(value: string | undefined): string {
  const text = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9]{4,34}$/.test(text) ? text : '';
}

/** `YYMMDD` of an ISO date; SWIFT's two-digit years reach from 1970 to 2069. */
function yymmdd(iso: string, index: number, what: string): string {
  const year = Number(iso.slice(0, 4));
  if (year < 1970 || year > 2069)
    throw invalid(index, `${what} is ${iso}; MT940 writes two-digit years, so dates from 1970 to 2069.`);
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** The amount without sign, with a decimal comma: `'-1234.50'` → `'1234,50'`. */
function mtAmount(amount: string, index: number, what: string): string {
  const text = absoluteAmount(amount).replace('.', ',');
  if (text.indexOf(',') > 15)
    throw invalid(
      index,
      `${what} ${amount} has more than 15 digits before the decimal point, which MT940 cannot hold.`,
    );
  return text;
}

const balanceField = (
  tag: string,
  balance: StatementBalance,
  currency: string,
  index: number,
  what: string,
): string =>
  `:${tag}:${balance.amount.startsWith('-') ? 'D' : 'C'}${yymmdd(balance.date, index, `.${what}.date`)}${currency}${mtAmount(balance.amount, index, `.${what}.amount`)}`;

/**
 * Whether `rest` may start a continuation line: not a new field, not a line the reader takes for the
 * end of a message (`-`, `-}`, `$`) or for a SWIFT block header.
 */
const mayContinue = (rest: string): boolean =>
  !FIELD_START.test(rest) && !/^(-}?|\$)$/.test(rest) && !/^\{\d:/.test(rest);

/**
 * A field's text cut into lines of at most 65 characters. No line ends with a space (readers trim
 * line ends, and the reader joins a field's lines without a separator), so a space that falls at a
 * cut opens the next line instead; no continuation line looks like a new field or a message end.
 */
function cutLines(text: string): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > LINE_WIDTH) {
    let end = LINE_WIDTH;
    while (end > 1 && (rest[end - 1] === ' ' || !mayContinue(rest.slice(end)))) end--;
    lines.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (!mayContinue(rest) && lines.length > 0) {
    // A last line such as `-`: take the character before it along.
    const previous = lines.pop() as string;
    lines.push(previous.slice(0, -1), `${previous.slice(-1)}${rest}`);
  } else lines.push(rest);
  return lines;
}

/**
 * `text` in subfields of 27 characters, each full but the last, so the reader joins them without
 * spaces. A piece that would open with a SEPA tag (`IBAN+…` inside a remittance) starts one character
 * earlier instead, so no text can pose as a tag of its own.
 */
function pieces(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > SUBFIELD_WIDTH) {
    const end = SEPA_TAG.test(rest.slice(SUBFIELD_WIDTH)) ? SUBFIELD_WIDTH - 1 : SUBFIELD_WIDTH;
    out.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  out.push(rest);
  return out;
}

/** The German business transaction code: the line's own, else one for its kind of booking. */
function gvcOf(line: StatementLine, debit: boolean): string {
  if (line.gvc !== undefined && /^\d{3}$/.test(line.gvc)) return line.gvc;
  if (debit) return line.mandateId === undefined ? '116' : '105'; // SEPA transfer / SEPA direct debit
  return '166'; // SEPA credit transfer received
}

/** The SWIFT transaction type of `:61:`: the line's own when it is one, else one for its kind. */
function typeOf(line: StatementLine): string {
  if (line.transactionCode !== undefined && /^[SNF][A-Z0-9]{3}$/.test(line.transactionCode))
    return line.transactionCode;
  // An ISO bank transaction code of CAMT.053 (`PMNT/RCDT/ESCT`): transfers, direct debits, charges.
  const family = /^[A-Z]{4}\/([A-Z]{4})\/([A-Z]{4})$/.exec(line.transactionCode ?? '');
  if (family?.[2] === 'CHRG') return 'NCHG';
  if (line.mandateId !== undefined || /^[RI]DDT$/.test(family?.[1] ?? '')) return 'NDDT';
  if (/^[RI]CDT$/.test(family?.[1] ?? '')) return 'NTRF';
  return line.counterpartyIban === undefined ? 'NMSC' : 'NTRF';
}

/**
 * `:61:` on one line (the reader takes the bank reference from the first line only): value date,
 * entry date, `C`/`D`, amount, type, `NONREF` as customer reference, `//` and the bank reference,
 * cut to what the line holds. A value date that the entry date (month and day) cannot be told from,
 * more than half a year from the booking date, is written as the booking date.
 */
function field61(line: StatementLine, index: number, at: string): string {
  const booking = line.bookingDate;
  let value = line.valueDate ?? booking;
  if (nearestDate(value, booking.slice(5, 7), booking.slice(8, 10)) !== booking) value = booking;
  const debit = line.amount.startsWith('-');
  const head = `:61:${yymmdd(value, index, `${at}.valueDate`)}${booking.slice(5, 7)}${booking.slice(8, 10)}${debit ? 'D' : 'C'}${mtAmount(line.amount, index, `${at}.amount`)}${typeOf(line)}NONREF`;
  yymmdd(booking, index, `${at}.bookingDate`);
  const reference = plain(line.bankReference)
    .slice(0, LINE_WIDTH - head.length - 2)
    .trimEnd();
  return reference === '' ? head : `${head}//${reference}`;
}

/**
 * A structured `:86:`: GVC, `?00` booking text, the SEPA tags `EREF+`, `MREF+`, `CRED+`, `SVWZ+` in
 * `?20`–`?29` and `?60`–`?63` (14 subfields: what does not fit of the remittance is cut), `?30` BIC,
 * `?31` IBAN, `?32`/`?33` the name (54 characters).
 */
function field86(line: StatementLine): string {
  const debit = line.amount.startsWith('-');
  const tagged = (
    [
      ['EREF', line.endToEndId],
      ['MREF', line.mandateId],
      ['CRED', line.creditorId],
      ['SVWZ', line.remittance],
    ] as const
  ).flatMap(([tag, value]) => {
    const text = plain(value);
    return text === '' ? [] : pieces(`${tag}+${text}`);
  });
  const purpose = tagged
    .slice(0, PURPOSE_KEYS.length)
    .map((piece, i) => `?${PURPOSE_KEYS[i]}${piece}`)
    .join('');
  const name = plain(line.counterpartyName)
    .slice(0, 2 * SUBFIELD_WIDTH)
    .trimEnd();
  const bic = code(line.counterpartyBic);
  const iban = code(line.counterpartyIban);
  return [
    `:86:${gvcOf(line, debit)}?00${plain(line.bookingText).slice(0, SUBFIELD_WIDTH).trimEnd()}`,
    purpose,
    bic === '' ? '' : `?30${bic}`,
    iban === '' ? '' : `?31${iban}`,
    name === '' ? '' : `?32${name.slice(0, SUBFIELD_WIDTH)}`,
    name.length > SUBFIELD_WIDTH ? `?33${name.slice(SUBFIELD_WIDTH)}` : '',
  ].join('');
}

/** `:25:`: bank code (or BIC) and account number, or BIC (or bank code) and IBAN. */
function field25(statement: BankStatement, index: number): string {
  const { iban, number, bic, bankCode } = statement.account;
  const id = code(iban) || plain(number).replace(/\s+/g, '');
  if (id === '')
    throw invalid(index, '.account has neither IBAN nor number, which MT940 :25: needs; write it as CSV.');
  const bank = iban === undefined ? (bankCode ?? bic) : (bic ?? bankCode);
  const left = plain(bank).replace(/[\s/]+/g, '');
  return `:25:${left === '' ? '' : `${left}/`}${id}`;
}

function statementLines(statement: BankStatement, index: number): string[] {
  const { opening, closing, currency } = statement;
  if (!opening || !closing)
    throw invalid(
      index,
      ` has no ${opening ? 'closing' : 'opening'} balance, which MT940 requires (:60F:, :62F:); write it as CSV.`,
    );
  const fields = [
    `:20:${plain(statement.id) || 'STARTUMSE'}`,
    field25(statement, index),
    `:28C:${plain(statement.sequence) || `${String(index + 1).padStart(5, '0')}/001`}`,
    balanceField('60F', opening, currency, index, 'opening'),
  ];
  statement.lines.forEach((line, i) => {
    const at = `.lines[${i}]`;
    if (line.currency !== currency)
      throw invalid(
        index,
        `${at}.currency is ${line.currency}, the statement's ${currency}; MT940 gives every line the account's currency.`,
      );
    fields.push(field61(line, index, at), field86(line));
  });
  fields.push(balanceField('62F', closing, currency, index, 'closing'));
  return [...fields.flatMap(cutLines), '-'];
}

/**
 * MT940 text of the statements in the German dialect {@link parseMt940} reads: lines of at most 65
 * characters ending in CRLF, each statement closed by a `-` line, structured `:86:` with SEPA tags.
 * Every statement needs its balances and an account IBAN or number.
 */
export function serializeMt940(statements: readonly BankStatement[]): string {
  return `${statements.flatMap(statementLines).join('\r\n')}\r\n`;
}
