import { describe, expect, it } from 'vitest';
import { bookingKey, parseStatement, serializeStatement } from '../src/index.js';

const mt940 = [
  ':20:1',
  ':25:10020030/1234567',
  ':60F:C240102EUR100,00',
  ':61:240102D12,50NMSCNONREF//B4E0112',
  ':86:166?00SEPA?20SVWZ+Miete Januar',
  ':61:240102D12,50NMSCNONREF//B4E0112',
  ':86:166?00SEPA?20SVWZ+Miete Februar',
  ':61:240102D1,00NMSCNONREF',
  ':86:166?00SEPA?20SVWZ+ohne Referenz',
  ':62F:C240102EUR74,00',
  '',
].join('\n');

describe('bookingKey', () => {
  const [statement] = parseStatement(mt940);
  if (!statement) throw new Error('no statement');
  const keys = statement.lines.map((l) => bookingKey(statement, l));

  it('is short enough for an idempotency_key (at most 200 characters) and differs per line', () => {
    expect(keys[0]).toMatch(/^reconcile:b[0-9a-f]{16}$/);
    expect(new Set(keys).size).toBe(3);
    for (const k of keys) expect(k.length).toBeLessThanOrEqual(200);
  });

  it('falls back to the line id without a bank reference', () => {
    expect(keys[2]).toBe(`reconcile:${statement.lines[2]?.line}`);
  });

  it('is the same for the same booking in another export whose texts differ', () => {
    const camt = serializeStatement([
      { ...statement, lines: statement.lines.map((l) => ({ ...l, remittance: `${l.remittance} (CAMT)` })) },
    ]);
    const [again] = parseStatement(camt);
    if (!again) throw new Error('no statement');
    expect(again.lines.slice(0, 2).map((l) => bookingKey(again, l))).toEqual(keys.slice(0, 2));
    expect(again.lines[0]?.line).not.toBe(statement.lines[0]?.line);
  });

  it('refuses a line of another statement', () => {
    const [other] = parseStatement(mt940.replace('//B4E0112', '//X'));
    const line = other?.lines[0];
    expect(line).toBeDefined();
    if (line)
      expect(() => bookingKey(statement, { ...line, line: 'lffff' })).toThrowError(
        expect.objectContaining({ code: 'INVALID_STATEMENT' }),
      );
  });
});
