/**
 * Dates, from `@acctkit/openapi/formats` (re-exported here): ISO `YYYY-MM-DD` and the incomes'
 * `dd/mm/yyyy`, checked the same way by the client and the sandbox.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dmyToIso, isoToDmy, isValidIsoDate, parseDmyDate, parseIsoDate } from '../src/index.js';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

describe('ISO ↔ dd/mm/yyyy', () => {
  it('converts both ways', () => {
    expect(isoToDmy('2024-03-01')).toBe('01/03/2024');
    expect(dmyToIso('01/03/2024')).toBe('2024-03-01');
    expect(parseDmyDate('29/02/2024')).toBe('2024-02-29');
  });

  it('validates real calendar dates, leap years included, years 0001 to 9999', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(isValidIsoDate('2000-02-29')).toBe(true);
    expect(isValidIsoDate('0099-12-31')).toBe(true);
    expect(isValidIsoDate('0000-01-01')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-04-31')).toBe(false);
    expect(isValidIsoDate('2024-4-01')).toBe(false);
    expect(isValidIsoDate(' 2024-04-01')).toBe(false);
    expect(isValidIsoDate(20240401)).toBe(false);
    expect(parseIsoDate('2024-04-31')).toBeNull();
    expect(parseDmyDate('31/04/2024')).toBeNull();
  });

  it('agrees with Date for every day of years 1 to 9999', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const iso = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          const date = new Date(0);
          date.setUTCFullYear(y, m - 1, d);
          const real = m >= 1 && m <= 12 && d >= 1 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
          expect(isValidIsoDate(iso)).toBe(real);
          if (real) expect(dmyToIso(isoToDmy(iso))).toBe(iso);
        },
      ),
    );
  });

  it('throws a RangeError that names the form for anything else', () => {
    expect(() => isoToDmy('01/03/2024')).toThrow(RangeError);
    expect(() => isoToDmy('01/03/2024')).toThrow(/YYYY-MM-DD/);
    expect(() => dmyToIso('31/04/2024')).toThrow(/dd\/mm\/yyyy/);
  });
});
