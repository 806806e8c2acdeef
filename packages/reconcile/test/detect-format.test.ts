import { describe, expect, it } from 'vitest';
import { detectFormat, parseStatement } from '../src/index.js';
import { camt05300104 } from './fixtures/camt053.js';
import { csvGerman } from './fixtures/csv.js';
import { mt940Sparkasse } from './fixtures/mt940.js';

describe('detectFormat', () => {
  it('tells CAMT.053, MT940 and CSV apart, and knows nothing else', () => {
    expect(detectFormat(camt05300104)).toBe('camt053');
    expect(detectFormat(mt940Sparkasse)).toBe('mt940');
    expect(detectFormat(`\uFEFF${csvGerman}`)).toBe('csv');
    expect(detectFormat('<?xml version="1.0"?><Document><BkToCstmrNtfctn/></Document>')).toBeUndefined();
    expect(detectFormat('just some text')).toBeUndefined();
  });
});

describe('dialect details', () => {
  it('CSV: a currency in the amount header, an S/H sign column, an amount with a trailing minus', () => {
    const csv = [
      'Buchungsdatum;Umsatzart;Betrag (EUR);S/H;Empfänger',
      '02.01.24;Lastschrift;12,50;S;Stadtwerke',
      '03.01.24;Gutschrift;1.000,00;H;Kunde',
      '04.01.24;Gebühr;0,99-;;Bank',
    ].join('\n');
    const [statement] = parseStatement(csv);
    expect(statement?.lines.map((l) => [l.bookingDate, l.amount, l.currency, l.bookingText])).toStrictEqual([
      ['2024-01-02', '-12.50', 'EUR', 'Lastschrift'],
      ['2024-01-03', '1000.00', 'EUR', 'Gutschrift'],
      ['2024-01-04', '-0.99', 'EUR', 'Gebühr'],
    ]);
  });

  it('MT940: :NS: fields are skipped, not read as text of the :86: before them', () => {
    const text = [
      ':20:STARTUMSE',
      ':25:37040044/0532013000',
      ':28C:1',
      ':60F:C240102EUR100,00',
      ':61:2401020102D12,50NMSCNONREF',
      ':86:Miete',
      ':NS:22Sparkasse',
      '23Beispiel',
      ':62F:C240102EUR87,50',
      '-',
    ].join('\r\n');
    const [statement] = parseStatement(text);
    expect(statement?.lines[0]).toMatchObject({ amount: '-12.50', remittance: 'Miete' });
  });
});
