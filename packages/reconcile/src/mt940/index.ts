import type { BankStatement, StatementAccount, StatementBalance } from '../bank-statement.js';
import { cleanText, NAME_LIMIT } from '../clean-text.js';
import { formatAmount } from '../decimal-amount.js';
import { fullYear, isoDate, nearestDate } from '../iso-date.js';
import { assignDefined, newLine, numberLines, type UnnumberedLine } from '../line-id.js';
import { ReconcileError } from '../reconcile-error.js';
import { readField86 } from './field-86.js';
import { type Mt940Field, readFields } from './read-fields.js';

const fail = (line: number, message: string): ReconcileError =>
  new ReconcileError('MALFORMED_MT940', `MT940 line ${line}: ${message}`, { line });

function yymmdd(text: string, line: number, what: string): string {
  const date = isoDate(fullYear(text.slice(0, 2)), text.slice(2, 4), text.slice(4, 6));
  if (!date) throw fail(line, `${what} "${text}" is not a date YYMMDD; export the statement again.`);
  return date;
}

function amountOf(negative: boolean, text: string, line: number, what: string): string {
  const m = /^(\d{1,15}),(\d{0,5})$/.exec(text);
  if (!m) throw fail(line, `${what} "${text}" is not an amount with a decimal comma, such as 1234,56.`);
  return formatAmount(negative, m[1] as string, m[2] as string);
}

function balance(field: Mt940Field): { balance: StatementBalance; currency: string } {
  const text = field.lines.join('').trim();
  const m = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/.exec(text);
  if (!m) {
    throw fail(field.line, `:${field.tag}: "${text}" is not a balance such as C240102EUR1234,56.`);
  }
  return {
    balance: {
      amount: amountOf(m[1] === 'D', m[4] as string, field.line, `the :${field.tag}: amount`),
      date: yymmdd(m[2] as string, field.line, `the :${field.tag}: date`),
    },
    currency: m[3] as string,
  };
}

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

function account(text: string): StatementAccount {
  const value = text.replace(/\s+/g, '').toUpperCase();
  const slash = value.indexOf('/');
  const left = slash >= 0 ? value.slice(0, slash) : '';
  let right = slash >= 0 ? value.slice(slash + 1) : value;
  // Some banks append the account's currency: DE89370400440532013000EUR.
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+[A-Z]{3}$/.test(right) && IBAN.test(right.slice(0, -3)))
    right = right.slice(0, -3);
  const bank = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(left)
    ? { bic: left }
    : left
      ? { bankCode: left }
      : {};
  return IBAN.test(right) ? { iban: right, ...bank } : { number: right, ...bank };
}

// :61: value date, entry date (MMDD), funds code, third letter of the currency, amount, type, references.
const FIELD_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,5})([SNF][A-Z0-9]{3})?(.*)$/;

function line61(field: Mt940Field, currency: string): UnnumberedLine {
  const first = (field.lines[0] ?? '').trim();
  const m = FIELD_61.exec(first);
  if (!m) {
    throw fail(
      field.line,
      `:61: "${first}" is not a statement line (value date YYMMDD, optional entry date MMDD, C/D/RC/RD, amount with decimal comma, type such as NTRF).`,
    );
  }
  const valueDate = yymmdd(m[1] as string, field.line, 'the :61: value date');
  const entry = m[2];
  const bookingDate = entry ? nearestDate(valueDate, entry.slice(0, 2), entry.slice(2, 4)) : valueDate;
  if (!bookingDate) throw fail(field.line, `the :61: entry date "${entry}" is not a date MMDD.`);
  // RC (reversal of a credit) takes money out, RD (reversal of a debit) brings it back.
  const negative = m[3] === 'D' || m[3] === 'RC';
  const rest = m[7] as string;
  const slashes = rest.indexOf('//');
  const line = newLine(
    bookingDate,
    amountOf(negative, m[5] as string, field.line, 'the :61: amount'),
    currency,
  );
  line.valueDate = valueDate;
  line.transactionCode = m[6];
  line.bankReference = cleanText(slashes >= 0 ? rest.slice(slashes + 2) : undefined, NAME_LIMIT);
  return line;
}

interface Draft {
  readonly start: number;
  id: string;
  sequence?: string;
  account?: StatementAccount;
  currency?: string;
  opening?: StatementBalance;
  closing?: StatementBalance;
  lines: UnnumberedLine[];
  /** The tag of the field before, to place an :86:. */
  last: string;
}

function finish(draft: Draft, endLine: number): BankStatement {
  const missing = !draft.account ? ':25: (account)' : !draft.opening ? ':60F: (opening balance)' : undefined;
  if (missing) throw fail(draft.start, `the statement that starts here has no ${missing}.`);
  if (!draft.closing) {
    throw fail(
      draft.start,
      `the statement that starts here ends at line ${endLine} without a closing balance :62F:; the file is cut short or not MT940: export it again.`,
    );
  }
  const account = draft.account as StatementAccount;
  return {
    format: 'mt940',
    id: draft.id,
    ...(draft.sequence === undefined ? {} : { sequence: draft.sequence }),
    account,
    currency: draft.currency as string,
    opening: draft.opening as StatementBalance,
    closing: draft.closing,
    lines: numberLines(account, draft.lines),
  };
}

/** Reads MT940 text (German dialects, several statements per file) into statements. */
export function parseMt940(text: string): BankStatement[] {
  const { messages, stray } = readFields(text);
  if (stray !== undefined) throw fail(stray, 'text outside any :NN: field; is this an MT940 file?');
  const statements: BankStatement[] = [];
  let draft: Draft | undefined;
  let lastLine = 1;
  for (const { fields } of messages) {
    for (const field of fields) {
      if (field.tag === '20') {
        if (draft) statements.push(finish(draft, field.line - 1));
        draft = {
          start: field.line,
          id: cleanText(field.lines.join(''), NAME_LIMIT) ?? '',
          lines: [],
          last: '20',
        };
        continue;
      }
      if (!draft) throw fail(field.line, `:${field.tag}: before the :20: that opens a statement.`);
      lastLine = field.line + field.lines.length - 1;
      switch (field.tag) {
        case '25':
          draft.account = account(field.lines.join(''));
          break;
        case '28C':
        case '28':
          draft.sequence = cleanText(field.lines.join(''), NAME_LIMIT) ?? '';
          break;
        case '60F':
        case '60M': {
          const b = balance(field);
          draft.opening = b.balance;
          draft.currency = b.currency;
          break;
        }
        case '61':
          if (!draft.opening || draft.currency === undefined) {
            throw fail(field.line, ':61: before the opening balance :60F:.');
          }
          if (draft.closing) throw fail(field.line, ':61: after the closing balance :62F:.');
          draft.lines.push(line61(field, draft.currency));
          break;
        case '86': {
          if (draft.last === '61') {
            assignDefined(draft.lines[draft.lines.length - 1] as UnnumberedLine, readField86(field.lines));
          } else if (!['62F', '62M', '64', '65'].includes(draft.last)) {
            throw fail(
              field.line,
              ':86: without a :61: right before it; every :86: describes the :61: above it.',
            );
          }
          break;
        }
        case '62F':
        case '62M': {
          const b = balance(field);
          if (b.currency !== draft.currency) {
            throw fail(
              field.line,
              `the closing balance is in ${b.currency}, the opening one in ${draft.currency}.`,
            );
          }
          draft.closing = b.balance;
          break;
        }
        default:
          // :13D:, :21:, :34F:, :64:, :65:, :90C:, :90D: and :NS: carry nothing a line needs.
          break;
      }
      draft.last = field.tag;
    }
  }
  if (!draft) throw fail(1, 'no :20: field opens a statement; is this an MT940 file?');
  statements.push(finish(draft, lastLine));
  return statements;
}
