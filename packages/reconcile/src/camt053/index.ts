import { sumDecimals } from '@acctkit/client';
import type { BankStatement, StatementAccount, StatementBalance } from '../bank-statement.js';
import { cleanCode, cleanText, NAME_LIMIT, REMITTANCE_LIMIT } from '../clean-text.js';
import { formatAmount, normalizeAmount } from '../decimal-amount.js';
import { defined } from '../defined.js';
import { numberLines, type UnnumberedLine } from '../line-id.js';
import { ReconcileError } from '../reconcile-error.js';
import { attribute, child, children, parseXml, text, textAt, type XmlElement } from './xml-tree.js';

const fail = (path: string, message: string): ReconcileError =>
  new ReconcileError('MALFORMED_CAMT', `CAMT.053 ${path}: ${message}`, { path });

const AMOUNT = /^(\d{1,18})(?:\.(\d{1,5}))?$/;

interface Amount {
  readonly amount: string;
  readonly currency: string;
}

/** A signed amount from an `Amt` element and a `CdtDbtInd`. */
function amountOf(amt: XmlElement | undefined, indicator: string | undefined, path: string): Amount {
  const value = text(amt)?.trim() ?? '';
  const m = AMOUNT.exec(value);
  if (!m) throw fail(`${path}/Amt`, `"${value}" is not an amount such as 1234.56 (up to five decimals).`);
  const currency = attribute(amt, 'Ccy') ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) throw fail(`${path}/Amt`, 'has no currency attribute Ccy such as EUR.');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    throw fail(`${path}/CdtDbtInd`, `is "${indicator ?? ''}"; it must be CRDT or DBIT.`);
  }
  return { amount: formatAmount(indicator === 'DBIT', m[1] as string, m[2] ?? ''), currency };
}

/** A `Dt`, `BookgDt` or `ValDt`: its `Dt` or the day of its `DtTm`. */
function dateOf(node: XmlElement | undefined): string | undefined {
  const value = (textAt(node, 'Dt') ?? textAt(node, 'DtTm'))?.trim().slice(0, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

function balances(
  stmt: XmlElement,
  path: string,
): { opening: StatementBalance; closing: StatementBalance; currency: string } {
  const found = new Map<string, { balance: StatementBalance; currency: string }>();
  children(stmt, 'Bal').forEach((bal, i) => {
    const code = textAt(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? textAt(bal, 'Tp', 'CdOrPrtry', 'Prtry');
    if (!code || found.has(code) || !['OPBD', 'PRCD', 'CLBD'].includes(code)) return;
    const at = `${path}/Bal[${i + 1}]`;
    const { amount, currency } = amountOf(child(bal, 'Amt'), textAt(bal, 'CdtDbtInd'), at);
    const date = dateOf(child(bal, 'Dt'));
    if (!date) throw fail(`${at}/Dt`, 'has no date Dt or DtTm.');
    found.set(code, { balance: { amount, date }, currency });
  });
  const opening = found.get('OPBD') ?? found.get('PRCD');
  const closing = found.get('CLBD');
  if (!opening)
    throw fail(
      `${path}/Bal`,
      'no opening balance (Tp/CdOrPrtry/Cd OPBD or PRCD); the statement is incomplete.',
    );
  if (!closing)
    throw fail(`${path}/Bal`, 'no closing balance (Tp/CdOrPrtry/Cd CLBD); the statement is incomplete.');
  return { opening: opening.balance, closing: closing.balance, currency: closing.currency };
}

function accountOf(stmt: XmlElement, path: string): StatementAccount {
  const acct = child(stmt, 'Acct');
  const iban = cleanCode(textAt(acct, 'Id', 'IBAN'));
  const number = cleanText(textAt(acct, 'Id', 'Othr', 'Id'), NAME_LIMIT);
  if (!iban && !number)
    throw fail(`${path}/Acct/Id`, 'has neither IBAN nor Othr/Id; the account is unknown.');
  const bank = child(acct, 'Svcr', 'FinInstnId');
  return defined({
    iban,
    number: iban ? undefined : number,
    bic: cleanCode(textAt(bank, 'BICFI') ?? textAt(bank, 'BIC')),
    bankCode: cleanText(textAt(bank, 'ClrSysMmbId', 'MmbId') ?? textAt(bank, 'Othr', 'Id'), NAME_LIMIT),
  });
}

/** A party's name: `Nm` (001.02–001.07) or `Pty/Nm` (001.08 on). */
const nameOf = (party: XmlElement | undefined): string | undefined =>
  textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');

/** `Ustrd` lines joined: a line of 140 characters was cut mid-word, a shorter one ended a word. */
function unstructured(rmtInf: XmlElement | undefined): string | undefined {
  const parts = children(rmtInf, 'Ustrd').map((u) => text(u) ?? '');
  if (parts.length === 0) return undefined;
  return parts.reduce(
    (out, part, i) => out + (i > 0 && (parts[i - 1] as string).length < 140 ? ' ' : '') + part,
    '',
  );
}

function transactionCode(ntry: XmlElement): string | undefined {
  const domain = child(ntry, 'BkTxCd', 'Domn');
  const codes = [textAt(domain, 'Cd'), textAt(domain, 'Fmly', 'Cd'), textAt(domain, 'Fmly', 'SubFmlyCd')];
  if (codes[0]) return codes.filter(Boolean).join('/');
  return textAt(ntry, 'BkTxCd', 'Prtry', 'Cd');
}

const provided = (value: string | undefined): string | undefined =>
  value === undefined || /^NOTPROVIDED$/i.test(value.trim()) ? undefined : value;

/** The line fields of one `TxDtls` (or of the entry alone when `tx` is undefined). */
function details(ntry: XmlElement, tx: XmlElement | undefined, credit: boolean): Partial<UnnumberedLine> {
  const parties = child(tx, 'RltdPties');
  const side = credit ? 'Dbtr' : 'Cdtr';
  const agent = child(tx, 'RltdAgts', `${side}Agt`, 'FinInstnId');
  const rmtInf = child(tx, 'RmtInf');
  return defined({
    counterpartyName: cleanText(
      nameOf(child(parties, side)) ?? nameOf(child(parties, `Ultmt${side}`)),
      NAME_LIMIT,
    ),
    counterpartyIban: cleanCode(textAt(parties, `${side}Acct`, 'Id', 'IBAN')),
    counterpartyBic: cleanCode(textAt(agent, 'BICFI') ?? textAt(agent, 'BIC')),
    remittance: cleanText(
      unstructured(rmtInf) ?? textAt(rmtInf, 'Strd', 'CdtrRefInf', 'Ref') ?? textAt(tx, 'AddtlTxInf'),
      REMITTANCE_LIMIT,
    ),
    endToEndId: cleanText(provided(textAt(tx, 'Refs', 'EndToEndId')), NAME_LIMIT),
    mandateId: cleanText(textAt(tx, 'Refs', 'MndtId'), NAME_LIMIT),
    creditorId: cleanText(
      textAt(parties, 'Cdtr', 'Id', 'PrvtId', 'Othr', 'Id') ??
        textAt(parties, 'Cdtr', 'Pty', 'Id', 'PrvtId', 'Othr', 'Id'),
      NAME_LIMIT,
    ),
    bankReference: cleanText(textAt(tx, 'Refs', 'AcctSvcrRef') ?? textAt(ntry, 'AcctSvcrRef'), NAME_LIMIT),
  });
}

function entryLines(ntry: XmlElement, path: string, currency: string): UnnumberedLine[] {
  const entry = amountOf(child(ntry, 'Amt'), textAt(ntry, 'CdtDbtInd'), path);
  const bookingDate = dateOf(child(ntry, 'BookgDt')) ?? dateOf(child(ntry, 'ValDt'));
  if (!bookingDate) throw fail(`${path}/BookgDt`, 'has no date Dt or DtTm.');
  const valueDate = dateOf(child(ntry, 'ValDt'));
  const common = defined({
    bookingDate,
    valueDate,
    bookingText: cleanText(textAt(ntry, 'AddtlNtryInf'), NAME_LIMIT),
    transactionCode: cleanText(transactionCode(ntry), NAME_LIMIT),
  }) as Pick<UnnumberedLine, 'bookingDate'>;
  const credit = !entry.amount.startsWith('-');
  const txs = children(ntry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  const single = (tx: XmlElement | undefined): UnnumberedLine[] => [
    { ...common, amount: entry.amount, currency: entry.currency, ...details(ntry, tx, credit) },
  ];
  if (entry.currency !== currency) {
    throw fail(`${path}/Amt`, `is in ${entry.currency}, the account in ${currency}.`);
  }
  if (txs.length <= 1) return single(txs[0]);
  // A batch: one line per TxDtls when each gives its own amount in the entry's currency.
  const split: UnnumberedLine[] = [];
  for (const [i, tx] of txs.entries()) {
    const amt = child(tx, 'Amt') ?? child(tx, 'AmtDtls', 'TxAmt', 'Amt');
    if (!amt || attribute(amt, 'Ccy') !== entry.currency) return single(undefined);
    const at = `${path}/NtryDtls/TxDtls[${i + 1}]`;
    const own = amountOf(amt, textAt(tx, 'CdtDbtInd') ?? textAt(ntry, 'CdtDbtInd'), at);
    split.push({
      ...common,
      amount: own.amount,
      currency: own.currency,
      ...details(ntry, tx, !own.amount.startsWith('-')),
    });
  }
  const total = normalizeAmount(sumDecimals(split.map((l) => l.amount)));
  if (total !== normalizeAmount(entry.amount)) {
    throw fail(
      `${path}/NtryDtls`,
      `the ${txs.length} TxDtls amounts add up to ${total}, the entry's Amt is ${entry.amount}.`,
    );
  }
  return split;
}

/** Reads CAMT.053 XML (001.02 to 001.13, any namespace prefix, several `Stmt`) into statements. */
export function parseCamt053(xml: string): BankStatement[] {
  const root = parseXml(xml);
  const document = child(root, 'Document');
  const report = child(document, 'BkToCstmrStmt');
  if (!report) throw fail('Document/BkToCstmrStmt', 'is missing; this is not a CAMT.053 statement.');
  const stmts = children(report, 'Stmt');
  if (stmts.length === 0)
    throw fail('Document/BkToCstmrStmt/Stmt', 'is missing; the document holds no statement.');
  return stmts.map((stmt, s) => {
    const path = `Document/BkToCstmrStmt/Stmt[${s + 1}]`;
    const account = accountOf(stmt, path);
    const { opening, closing, currency: balanceCurrency } = balances(stmt, path);
    const currency = textAt(stmt, 'Acct', 'Ccy') ?? balanceCurrency;
    const lines: UnnumberedLine[] = [];
    children(stmt, 'Ntry').forEach((ntry, n) => {
      const status = textAt(ntry, 'Sts', 'Cd') ?? textAt(ntry, 'Sts');
      // Pending and information entries are not part of the booked balance.
      if (status !== undefined && status !== 'BOOK') return;
      lines.push(...entryLines(ntry, `${path}/Ntry[${n + 1}]`, currency));
    });
    const sequence = textAt(stmt, 'ElctrncSeqNb') ?? textAt(stmt, 'LglSeqNb');
    return {
      format: 'camt053',
      id: cleanText(textAt(stmt, 'Id'), NAME_LIMIT) ?? `${s + 1}`,
      ...(sequence === undefined ? {} : { sequence }),
      account,
      currency,
      opening,
      closing,
      lines: numberLines(account, lines),
    } satisfies BankStatement;
  });
}
