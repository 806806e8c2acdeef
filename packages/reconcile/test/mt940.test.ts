import { describe, expect, it } from 'vitest';
import { parseStatement, summarizeStatement } from '../src/index.js';
import { mt940Sparkasse, mt940SparkasseCrlf, mt940Windows1252 } from './fixtures/mt940.js';

describe('MT940', () => {
  it('reads two statements separated by a - line, balances signed, intermediate 60M/62M too', () => {
    const statements = parseStatement(mt940Sparkasse);
    expect(statements.map((s) => [s.id, s.sequence, s.opening, s.closing])).toStrictEqual([
      [
        'STARTUMSE',
        '00001/001',
        { amount: '1234.56', date: '2023-12-29' },
        { amount: '1644.66', date: '2024-01-02' },
      ],
      [
        'DEUTDEFF-240102',
        '2/1',
        { amount: '-10.00', date: '2024-01-02' },
        { amount: '20.00', date: '2024-01-02' },
      ],
    ]);
    expect(statements[0]?.account).toStrictEqual({ number: '0532013000', bankCode: '37040044' });
    expect(statements[1]?.account).toStrictEqual({ iban: 'DE89370400440532013000' });
    for (const s of statements) expect(summarizeStatement(s).balanced).toBe(true);
  });

  it('reads a structured :86: (Sparkasse): GVC, ?00, purpose lines cut at 27 rejoined, SEPA tags, ?30–?33', () => {
    const [first] = parseStatement(mt940Sparkasse);
    expect(first?.lines[0]).toMatchObject({
      // Valued 29 December, booked 2 January: the entry date's year is the next one.
      valueDate: '2023-12-29',
      bookingDate: '2024-01-02',
      amount: '500.00',
      currency: 'EUR',
      transactionCode: 'NTRF',
      bankReference: 'POS 123456',
      gvc: '166',
      bookingText: 'GUTSCHR. UEBERWEISUNG',
      endToEndId: 'RE-2023-0815',
      remittance: 'Rechnung Nr. RE-2023-0815 vom 15.12.2023',
      counterpartyName: 'Müller & Söhne GmbH',
      counterpartyIban: 'DE02120300000000202051',
      counterpartyBic: 'BYLADEM1001',
    });
    expect(first?.lines[1]).toMatchObject({
      amount: '-89.90',
      transactionCode: 'NDDT',
      gvc: '105',
      endToEndId: 'STROM-2024-01',
      mandateId: 'M-4711',
      creditorId: 'DE98ZZZ09999999999',
      remittance: 'Abschlagszahlung Strom Januar Kdnr 99887766',
      counterpartyName: 'Stadtwerke Beispielstadt Versorgung GmbH',
      counterpartyIban: 'DE12500105170648489890',
      counterpartyBic: 'SOGEDEFFXXX',
    });
  });

  it('reads an unstructured :86: over two lines, RD as a credit, an amount with one decimal', () => {
    const [, second] = parseStatement(mt940Sparkasse);
    expect(second?.lines.map((l) => [l.amount, l.remittance, l.bankReference])).toStrictEqual([
      ['25.50', 'Bareinzahlung Filiale Mitte Kasse 3', 'DB0000017'],
      ['4.50', 'Gebühr Dezember zurück', undefined],
    ]);
    expect(second?.lines[1]).toMatchObject({
      transactionCode: 'NCHG',
      gvc: '051',
      bookingText: 'ERSTATTUNG GEBUEHR',
    });
  });

  it('gives the same result for CRLF, LF and Windows-1252 bytes', () => {
    const lf = parseStatement(mt940Sparkasse);
    expect(parseStatement(mt940SparkasseCrlf)).toStrictEqual(lf);
    expect(mt940Windows1252.includes(0xfc)).toBe(true); // ü as one byte
    expect(parseStatement(mt940Windows1252)).toStrictEqual(lf);
    expect(parseStatement(new TextEncoder().encode(mt940Sparkasse))).toStrictEqual(lf);
  });

  it('accepts the SWIFT envelope around the fields', () => {
    const wrapped = `{1:F01COBADEFFAXXX0000000000}{2:I940COBADEFFXXXXN}{4:\n${mt940Sparkasse.split('\n-\n')[0]}\n-}\n`;
    const [statement] = parseStatement(wrapped);
    expect(statement?.lines).toHaveLength(2);
  });
});
