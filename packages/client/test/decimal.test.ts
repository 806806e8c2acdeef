import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountingError, addDecimals, compareDecimals, isDecimal, sumDecimals } from '../src/index.js';

describe('decimal strings', () => {
  it('adds exactly where floating point does not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(sumDecimals(['0.10', '0.20', '19.7'])).toBe('20.00');
    expect(sumDecimals(['99999999.99', '0.01'])).toBe('100000000.00');
    expect(addDecimals('-1.25', '1.25')).toBe('0.00');
    expect(addDecimals('-5', '2.5')).toBe('-2.5');
    expect(sumDecimals([])).toBe('0');
  });

  it('compares by value, not by text', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('10.00', '9.99')).toBe(1);
    expect(compareDecimals('-0.01', '0')).toBe(-1);
  });

  it('rejects what is not a decimal string', () => {
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal('12.50')).toBe(true);
    expect(() => addDecimals('1,5', '1')).toThrow(AccountingError);
    expect(() => compareDecimals('.5', '1')).toThrow(/not a decimal/);
    // The error names the value that is not a decimal, wherever it stands.
    expect(() => sumDecimals(['1.00', '2.00', '3,50'])).toThrow(/3,50/);
    expect(() => compareDecimals('1', 'x')).toThrow("'x' is not");
  });

  it('sums cents exactly for all inputs (property)', () => {
    const cents = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
    const toText = (c: bigint): string => {
      const abs = c < 0n ? -c : c;
      const s = abs.toString().padStart(3, '0');
      return `${c < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
    };
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 20 }), (values) => {
        const total = values.reduce((a, b) => a + b, 0n);
        const sum = sumDecimals(values.map(toText));
        expect(compareDecimals(sum, toText(total))).toBe(0);
      }),
    );
  });
});
