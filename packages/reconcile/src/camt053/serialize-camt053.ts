import type { BankStatement, StatementBalance, StatementLine } from '../bank-statement.js';
import { absoluteAmount } from '../decimal-amount.js';

/** The version written: the one German banks deliver since the November 2023 SEPA changes. */
export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

const el = (name: string, value: string | undefined): string =>
  value === undefined ? '' : `<${name}>${escapeXml(value)}</${name}>`;

const wrap = (name: string, inner: string): string => (inner === '' ? '' : `<${name}>${inner}</${name}>`);

const amountXml = (amount: string, currency: string): string =>
  `<Amt Ccy="${escapeXml(currency)}">${absoluteAmount(amount)}</Amt><CdtDbtInd>${amount.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd>`;

/** `Ustrd` lines of at most 140 characters: cut at a space (short of 140) where one is, else at 140. */
function ustrd(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > 140) {
    const space = rest.lastIndexOf(' ', 139);
    if (space > 0) {
      parts.push(rest.slice(0, space));
      rest = rest.slice(space + 1);
    } else {
      parts.push(rest.slice(0, 140));
      rest = rest.slice(140);
    }
  }
  parts.push(rest);
  return parts;
}

function balanceXml(code: string, balance: StatementBalance, currency: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amountXml(balance.amount, currency)}<Dt><Dt>${balance.date}</Dt></Dt></Bal>`;
}

function bankTransactionCode(code: string | undefined): string {
  if (code === undefined) return '';
  const domain = /^([A-Z]{4})\/([A-Z]{4})\/([A-Z]{4})$/.exec(code);
  if (domain) {
    return `<BkTxCd><Domn><Cd>${domain[1]}</Cd><Fmly><Cd>${domain[2]}</Cd><SubFmlyCd>${domain[3]}</SubFmlyCd></Fmly></Domn></BkTxCd>`;
  }
  return `<BkTxCd><Prtry>${el('Cd', code)}</Prtry></BkTxCd>`;
}

function entryXml(line: StatementLine): string {
  const credit = !line.amount.startsWith('-');
  const side = credit ? 'Dbtr' : 'Cdtr';
  const party = el('Nm', line.counterpartyName);
  const creditorId =
    line.creditorId === undefined
      ? ''
      : `<Id><PrvtId><Othr>${el('Id', line.creditorId)}</Othr></PrvtId></Id>`;
  const dbtr = credit ? wrap('Dbtr', wrap('Pty', party)) : '';
  const cdtr = wrap('Cdtr', wrap('Pty', (credit ? '' : party) + creditorId));
  const account =
    line.counterpartyIban === undefined
      ? ''
      : wrap(`${side}Acct`, wrap('Id', el('IBAN', line.counterpartyIban)));
  const parties = credit ? dbtr + account + cdtr : dbtr + cdtr + account;
  const agent = wrap('RltdAgts', wrap(`${side}Agt`, wrap('FinInstnId', el('BICFI', line.counterpartyBic))));
  const remittance =
    line.remittance === undefined
      ? ''
      : wrap(
          'RmtInf',
          ustrd(line.remittance)
            .map((u) => el('Ustrd', u))
            .join(''),
        );
  const refs = wrap(
    'Refs',
    el('EndToEndId', line.endToEndId ?? 'NOTPROVIDED') + el('MndtId', line.mandateId),
  );
  return [
    '<Ntry>',
    amountXml(line.amount, line.currency),
    '<Sts><Cd>BOOK</Cd></Sts>',
    `<BookgDt><Dt>${line.bookingDate}</Dt></BookgDt>`,
    line.valueDate === undefined ? '' : `<ValDt><Dt>${line.valueDate}</Dt></ValDt>`,
    el('AcctSvcrRef', line.bankReference),
    bankTransactionCode(line.transactionCode),
    '<NtryDtls><TxDtls>',
    refs,
    amountXml(line.amount, line.currency),
    wrap('RltdPties', parties),
    agent,
    remittance,
    '</TxDtls></NtryDtls>',
    el('AddtlNtryInf', line.bookingText),
    '</Ntry>',
  ].join('');
}

function statementXml(statement: BankStatement, index: number): string {
  const { account } = statement;
  const id =
    account.iban === undefined ? wrap('Othr', el('Id', account.number ?? '')) : el('IBAN', account.iban);
  const bank = el('BICFI', account.bic) + wrap('ClrSysMmbId', el('MmbId', account.bankCode));
  const created = `${statement.closing?.date ?? statement.lines.at(-1)?.bookingDate ?? '1970-01-01'}T00:00:00`;
  return [
    '<Stmt>',
    el('Id', statement.id || `${index + 1}`),
    statement.sequence !== undefined && /^\d{1,18}$/.test(statement.sequence)
      ? el('ElctrncSeqNb', statement.sequence)
      : '',
    el('CreDtTm', created),
    `<Acct><Id>${id}</Id>${el('Ccy', statement.currency)}${wrap('Svcr', wrap('FinInstnId', bank))}</Acct>`,
    statement.opening ? balanceXml('OPBD', statement.opening, statement.currency) : '',
    statement.closing ? balanceXml('CLBD', statement.closing, statement.currency) : '',
    ...statement.lines.map(entryXml),
    '</Stmt>',
  ].join('');
}

/** CAMT.053.001.08 XML of the statements (balances needed: a CAMT.053 statement always has them). */
export function serializeCamt053(statements: readonly BankStatement[]): string {
  const created = `${statements[0]?.closing?.date ?? '1970-01-01'}T00:00:00`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<Document xmlns="${CAMT053_NAMESPACE}"><BkToCstmrStmt>`,
    `<GrpHdr><MsgId>acctkit-${statements.length}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>`,
    ...statements.map(statementXml),
    '</BkToCstmrStmt></Document>\n',
  ].join('');
}
