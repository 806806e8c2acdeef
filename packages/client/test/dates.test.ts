import { describe, expect, it } from 'vitest';
import { AccountingError, dmyToIso, isoToDmy, isValidIsoDate } from '../src/index.js';

describe('ISO ↔ dd/mm/yyyy', () => {
  it('converts both ways', () => {
    expect(isoToDmy('2024-03-01')).toBe('01/03/2024');
    expect(dmyToIso('31/12/1999')).toBe('1999-12-31');
    expect(dmyToIso(isoToDmy('2024-02-29'))).toBe('2024-02-29');
  });

  it('validates real calendar dates, leap years included', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(isValidIsoDate('2000-02-29')).toBe(true);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-1-01')).toBe(false);
  });

  it('throws INVALID_ARGUMENT for the wrong form', () => {
    expect(() => isoToDmy('01/03/2024')).toThrow(AccountingError);
    expect(() => dmyToIso('2024-03-01')).toThrow(/dd\/mm\/yyyy/);
    expect(() => dmyToIso('31/04/2024')).toThrow(AccountingError);
  });
});
