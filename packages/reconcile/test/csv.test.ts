import { describe, expect, it } from 'vitest';
import { parseStatement, summarizeStatement } from '../src/index.js';
import { csvEnglish, csvGerman, csvPortuguese } from './fixtures/csv.js';

describe('CSV', () => {
  it('German: preamble before the header, ;, decimal comma, Soll/Haben, a quoted newline, running Saldo', () => {
    const [statement] = parseStatement(csvGerman);
    expect(statement).toMatchObject({
      format: 'csv',
      account: { iban: 'DE89370400440532013000' },
      currency: 'EUR',
      opening: { amount: '1500.00', date: '2024-01-02' },
      closing: { amount: '2616.30', date: '2024-01-04' },
    });
    expect(statement?.lines.map((l) => [l.bookingDate, l.amount])).toStrictEqual([
      ['2024-01-02', '1190.00'],
      ['2024-01-03', '-70.50'],
      ['2024-01-04', '-3.20'],
    ]);
    expect(statement?.lines[0]).toMatchObject({
      counterpartyName: 'Müller & Söhne GmbH',
      counterpartyIban: 'DE02120300000000202051',
      counterpartyBic: 'BYLADEM1001',
      remittance: 'Rechnung RE-2023-0815; vom 15.12.2023',
      bookingText: 'GUTSCHR. UEBERWEISUNG',
    });
    expect(statement?.lines[1]?.remittance).toBe('Abschlag Strom Januar');
    expect(summarizeStatement(statement as never)).toMatchObject({
      credits: '1190.00',
      debits: '-73.70',
      balanced: true,
    });
  });

  it('Portuguese: Débito/Crédito, dd-mm-yyyy, Moeda column, IBAN in the preamble', () => {
    const [statement] = parseStatement(csvPortuguese);
    expect(statement).toMatchObject({
      account: { iban: 'PT50000201231234567890154' },
      currency: 'EUR',
      opening: { amount: '1000.00', date: '2024-02-05' },
      closing: { amount: '2137.95', date: '2024-02-07' },
    });
    expect(
      statement?.lines.map((l) => [l.bookingDate, l.amount, l.counterpartyName, l.bankReference]),
    ).toStrictEqual([
      ['2024-02-05', '1230.45', 'Padaria Lusitana Lda', 'REF0001'],
      ['2024-02-06', '-87.30', 'EDP Comercial', 'REF0002'],
      ['2024-02-07', '-5.20', undefined, 'REF0003'],
    ]);
    expect(statement?.lines[0]?.remittance).toBe('TRF Fatura FT 2024/15');
  });

  it('English: , with quoted fields, thousands commas, ISO dates, one signed amount column, no balances', () => {
    const [statement] = parseStatement(csvEnglish);
    expect(statement?.lines.map((l) => [l.bookingDate, l.amount, l.remittance])).toStrictEqual([
      ['2024-03-01', '1234.56', 'Invoice 2024-031, March'],
      ['2024-03-02', '-950.00', 'Office rent "Unit 4"'],
      ['2024-03-03', '-1.50', 'Bank fee'],
    ]);
    expect(statement?.opening).toBeUndefined();
    expect(summarizeStatement(statement as never)).toMatchObject({
      lines: 3,
      net: '283.06',
      balanced: undefined,
    });
  });

  it('reads newest-first exports: the running balance decides the order', () => {
    const newestFirst = [
      'Buchungstag;Betrag;Saldo;Währung',
      '03.01.2024;-10,00;90,00;EUR',
      '02.01.2024;50,00;100,00;EUR',
    ].join('\n');
    const [statement] = parseStatement(newestFirst);
    expect(statement?.opening).toStrictEqual({ amount: '50.00', date: '2024-01-02' });
    expect(statement?.closing).toStrictEqual({ amount: '90.00', date: '2024-01-03' });
  });

  it('takes the currency from the options when the export names none', () => {
    const [statement] = parseStatement('Date,Amount\n2024-01-02,12.5\n', { currency: 'EUR' });
    expect(statement?.lines[0]).toMatchObject({ amount: '12.50', currency: 'EUR' });
  });
});
