import type { BankStatement, StatementAccount, StatementBalance } from '../bank-statement.js';
import { cleanCode, cleanText, NAME_LIMIT, REMITTANCE_LIMIT } from '../clean-text.js';
import { formatAmount, normalizeAmount, sumAmounts } from '../decimal-amount.js';
import { defined } from '../defined.js';
import { assignDefined, type LineDetail, newLine, numberLines, type UnnumberedLine } from '../line-id.js';
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
function details(
  line: UnnumberedLine,
  ntry: XmlElement,
  tx: XmlElement | undefined,
  credit: boolean,
): UnnumberedLine {
  const parties = child(tx, 'RltdPties');
  const side = credit ? 'Dbtr' : 'Cdtr';
  const agent = child(tx, 'RltdAgts', `${side}Agt`, 'FinInstnId');
  const rmtInf = child(tx, 'RmtInf');
  const fields: Partial<Record<LineDetail, string | undefined>> = {
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
  };
  assignDefined(line, fields);
  return line;
}

function entryLines(ntry: XmlElement, path: string): UnnumberedLine[] {
  const entry = amountOf(child(ntry, 'Amt'), textAt(ntry, 'CdtDbtInd'), path);
  const bookingDate = dateOf(child(ntry, 'BookgDt')) ?? dateOf(child(ntry, 'ValDt'));
  if (!bookingDate) throw fail(`${path}/BookgDt`, 'has no date Dt or DtTm.');
  const valueDate = dateOf(child(ntry, 'ValDt'));
  const bookingText = cleanText(textAt(ntry, 'AddtlNtryInf'), NAME_LIMIT);
  const code = cleanText(transactionCode(ntry), NAME_LIMIT);
  const make = (amount: Amount, tx: XmlElement | undefined): UnnumberedLine => {
    const line = newLine(bookingDate, amount.amount, amount.currency);
    line.valueDate = valueDate;
    line.bookingText = bookingText;
    line.transactionCode = code;
    return details(line, ntry, tx, !amount.amount.startsWith('-'));
  };
  const txs = children(ntry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  if (txs.length <= 1) return [make(entry, txs[0])];
  // A batch: one line per TxDtls when each gives its own amount in the entry's currency.
  const split: UnnumberedLine[] = [];
  for (const [i, tx] of txs.entries()) {
    const amt = child(tx, 'Amt') ?? child(tx, 'AmtDtls', 'TxAmt', 'Amt');
    if (!amt || attribute(amt, 'Ccy') !== entry.currency) return [make(entry, undefined)];
    const at = `${path}/NtryDtls/TxDtls[${i + 1}]`;
    const own = amountOf(amt, textAt(tx, 'CdtDbtInd') ?? textAt(ntry, 'CdtDbtInd'), at);
    split.push(make(own, tx));
  }
  const total = sumAmounts(split.map((l) => l.amount));
  if (total !== normalizeAmount(entry.amount)) {
    throw fail(
      `${path}/NtryDtls`,
      `the ${txs.length} TxDtls amounts add up to ${total}, the entry's Amt is ${entry.amount}.`,
    );
  }
  return split;
}

interface Entries {
  readonly lines: UnnumberedLine[];
  /** The path of each line's entry, to name it when its currency is not the account's. */
  readonly paths: string[];
  count: number;
}

/** Reads CAMT.053 XML (001.02 to 001.13, any namespace prefix, several `Stmt`) into statements. */
export function parseCamt053(xml: string): BankStatement[] {
  // Entries are turned into lines as each closes, then dropped: the tree keeps only the statements' heads.
  const entries = new Map<XmlElement, Entries>();
  const root = parseXml(xml, (element, ancestors) => {
    const stmt = ancestors[ancestors.length - 1];
    if (element.name !== 'Ntry' || stmt?.name !== 'Stmt') return false;
    let own = entries.get(stmt);
    if (!own) {
      own = { lines: [], paths: [], count: 0 };
      entries.set(stmt, own);
    }
    own.count++;
    const status = textAt(element, 'Sts', 'Cd') ?? textAt(element, 'Sts');
    // Pending and information entries are not part of the booked balance.
    if (status !== undefined && status !== 'BOOK') return true;
    const report = ancestors[ancestors.length - 2];
    const s = report ? children(report, 'Stmt').length : 1;
    const path = `Document/BkToCstmrStmt/Stmt[${s}]/Ntry[${own.count}]`;
    for (const line of entryLines(element, path)) {
      own.lines.push(line);
      own.paths.push(path);
    }
    return true;
  });
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
    const { lines, paths } = entries.get(stmt) ?? { lines: [], paths: [] };
    lines.forEach((line, i) => {
      if (line.currency !== currency)
        throw fail(`${paths[i]}/Amt`, `is in ${line.currency}, the account in ${currency}.`);
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
