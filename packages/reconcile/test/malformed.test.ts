import { describe, expect, it } from 'vitest';
import { parseStatement, ReconcileError } from '../src/index.js';
import { camt05300108 } from './fixtures/camt053.js';
import { csvNoAmount } from './fixtures/csv.js';
import { mt940NoClosing, mt940Orphan86 } from './fixtures/mt940.js';

function refusal(run: () => unknown): ReconcileError {
  try {
    run();
  } catch (err) {
    if (err instanceof ReconcileError) return err;
    throw err;
  }
  throw new Error('expected a ReconcileError');
}

describe('refusals', () => {
  it('refuses truncated XML with the line where it breaks', () => {
    const cut = camt05300108.slice(0, camt05300108.indexOf('<Ntry>') + 40);
    const err = refusal(() => parseStatement(cut));
    expect(err.code).toBe('MALFORMED_CAMT');
    expect(err).toMatchObject({ line: 30, path: 'Document/BkToCstmrStmt/Stmt/Ntry' });
    expect(err.message).toBe(
      'CAMT.053 XML line 30: the document ends inside Document/BkToCstmrStmt/Stmt/Ntry; the file is cut short: export it again.',
    );
    const broken = camt05300108.replace('</AcctSvcrRef>', '</AcctSvcrRf>');
    expect(refusal(() => parseStatement(broken)).message).toMatch(
      /^CAMT\.053 XML line 33 column \d+ in Document\/BkToCstmrStmt\/Stmt\/Ntry: unexpected close tag/,
    );
    const entity = camt05300108.replace('Lieferung', '&nbsp;Lieferung');
    expect(refusal(() => parseStatement(entity))).toMatchObject({
      path: 'Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RmtInf/Ustrd',
    });
  });

  it('refuses a statement without its closing balance, naming the element path', () => {
    const noClosing = camt05300108.replace(/<Bal>\s*<Tp><CdOrPrtry><Cd>CLBD[\s\S]*?<\/Bal>/, '');
    const err = refusal(() => parseStatement(noClosing));
    expect(err).toMatchObject({ code: 'MALFORMED_CAMT', path: 'Document/BkToCstmrStmt/Stmt[1]/Bal' });
    expect(err.message).toContain('CLBD');
  });

  it('refuses a batch whose TxDtls amounts do not add up to the entry', () => {
    const wrong = camt05300108.replace('<Amt Ccy="EUR">24.01</Amt>', '<Amt Ccy="EUR">24.00</Amt>');
    const err = refusal(() => parseStatement(wrong));
    expect(err).toMatchObject({
      code: 'MALFORMED_CAMT',
      path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls',
    });
  });

  it('refuses a bad amount and a DOCTYPE', () => {
    const comma = camt05300108.replace('<Amt Ccy="EUR">150.00</Amt>', '<Amt Ccy="EUR">150,00</Amt>');
    expect(refusal(() => parseStatement(comma))).toMatchObject({
      code: 'MALFORMED_CAMT',
      path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]/Amt',
    });
    const doctype = camt05300108.replace(
      '<Document',
      '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n<Document',
    );
    expect(refusal(() => parseStatement(doctype))).toMatchObject({ code: 'MALFORMED_CAMT', path: 'DOCTYPE' });
  });

  it('refuses MT940 without a closing balance :62F:, naming where the statement starts and ends', () => {
    const err = refusal(() => parseStatement(mt940NoClosing));
    expect(err).toMatchObject({ code: 'MALFORMED_MT940', line: 1 });
    expect(err.message).toContain('ends at line 6 without a closing balance :62F:');
  });

  it('refuses an :86: without a :61: before it, naming its line', () => {
    const err = refusal(() => parseStatement(mt940Orphan86));
    expect(err).toMatchObject({ code: 'MALFORMED_MT940', line: 5 });
    expect(err.message).toMatch(/^MT940 line 5: :86: without a :61:/);
  });

  it('refuses a bad :61: and text outside any field', () => {
    const bad = mt940NoClosing.replace(':61:2401030103DR12,50', ':61:2401030103DX12.50');
    expect(refusal(() => parseStatement(bad, { format: 'mt940' }))).toMatchObject({ line: 5 });
    expect(refusal(() => parseStatement(`hello\n${mt940Orphan86}`, { format: 'mt940' }))).toMatchObject({
      code: 'MALFORMED_MT940',
      line: 1,
    });
  });

  it('refuses a CSV without an amount column, naming the header line', () => {
    const err = refusal(() => parseStatement(`Export vom 05.01.2024\n\n${csvNoAmount}`));
    expect(err).toMatchObject({ code: 'MALFORMED_CSV', line: 3 });
    expect(err.message).toContain('no amount column');
  });

  it('refuses a CSV row whose date or amount cannot be read, naming its line', () => {
    const csv = 'Date,Amount,Currency\n2024-01-02,1.00,EUR\n2024-13-45,2.00,EUR\n';
    expect(refusal(() => parseStatement(csv))).toMatchObject({ code: 'MALFORMED_CSV', line: 3 });
    const amount = 'Date,Amount,Currency\n2024-01-02,12a,EUR\n';
    expect(refusal(() => parseStatement(amount))).toMatchObject({ code: 'MALFORMED_CSV', line: 2 });
    const quote = 'Date,Amount,Currency,Description\n2024-01-02,1.00,EUR,"never closed\n';
    expect(refusal(() => parseStatement(quote))).toMatchObject({ code: 'MALFORMED_CSV', line: 2 });
  });

  it('refuses more than 10 MiB before reading it', () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    expect(refusal(() => parseStatement(big))).toMatchObject({ code: 'TOO_LARGE' });
    expect(refusal(() => parseStatement('x'.repeat(101), { maxBytes: 100 })).code).toBe('TOO_LARGE');
  });

  it('refuses what is no statement', () => {
    expect(refusal(() => parseStatement('%PDF-1.7\n')).code).toBe('UNKNOWN_FORMAT');
    expect(refusal(() => parseStatement('<html><body/></html>')).code).toBe('UNKNOWN_FORMAT');
  });
});
