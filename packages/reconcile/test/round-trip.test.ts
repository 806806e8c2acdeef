import { sumDecimals } from '@acctkit/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BankStatement,
  parseStatement,
  ReconcileError,
  type StatementLine,
  serializeStatement,
  summarizeStatement,
} from '../src/index.js';
import { camt05300102, camt05300108 } from './fixtures/camt053.js';
import { mt940Sparkasse } from './fixtures/mt940.js';

const SEED = 20240102;

/** A decimal string of `units` scaled by `scale` places (`-1250`, 2 → `'-12.50'`). */
const decimal = (units: bigint, scale: number): string => {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return units < 0n && /[1-9]/.test(digits) ? `-${text}` : text;
};

const word = fc.stringMatching(/^[A-Za-z0-9äöüÄÖÜßçãé&<>"',.;:/+=-]{1,14}$/);
const text = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((w) => w.join(' '));
const day = fc
  .integer({ min: 0, max: 3000 })
  .map((d) => new Date(Date.UTC(2020, 0, 1 + d)).toISOString().slice(0, 10));

const line = (scale: number) =>
  fc
    .record(
      {
        units: fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }).filter((u) => u !== 0n),
        bookingDate: day,
        valueDate: day,
        counterpartyName: text(6),
        counterpartyIban: fc.constantFrom('DE02120300000000202051', 'PT50000201231234567890154'),
        remittance: text(40),
        endToEndId: fc.stringMatching(/^[A-Z0-9-]{1,35}$/),
        bankReference: fc.stringMatching(/^[A-Z0-9]{1,16}$/),
      },
      { requiredKeys: ['units', 'bookingDate'] },
    )
    .map(
      ({ units, ...fields }) =>
        ({ ...fields, amount: decimal(units, scale), currency: 'EUR', line: '' }) as StatementLine,
    );

const statement = (scale: number) =>
  fc
    .record({
      id: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
      opening: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
      lines: fc.array(line(scale), { maxLength: 25 }),
      date: day,
    })
    .map(({ id, opening, lines, date }): BankStatement => {
      const open = decimal(opening, scale);
      const close = sumDecimals([open, ...lines.map((l) => l.amount)]);
      return {
        format: 'camt053',
        id,
        account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        currency: 'EUR',
        opening: { amount: open, date },
        closing: { amount: close, date },
        lines,
      };
    });

const amounts = (s: BankStatement | undefined) => s?.lines.map((l) => l.amount);
const strip = ({ line: _, ...rest }: StatementLine) => rest;

describe('serialize → parse', () => {
  it('CAMT.053 keeps every statement, line, amount (up to five decimals), date, text and balance', () => {
    fc.assert(
      fc.property(fc.array(statement(2), { minLength: 1, maxLength: 3 }), statement(5), (two, five) => {
        const written = [...two, five];
        const read = parseStatement(serializeStatement(written));
        expect(read).toHaveLength(written.length);
        read.forEach((s, i) => {
          const w = written[i] as BankStatement;
          expect(s.lines.map(strip)).toStrictEqual(w.lines.map(strip));
          expect(s.opening).toStrictEqual(w.opening);
          expect(s.closing).toStrictEqual(w.closing);
          expect(summarizeStatement(s).balanced).toBe(true);
        });
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('CSV keeps every line, amount, date and text, and the balances through its running Balance column', () => {
    fc.assert(
      fc.property(statement(2), (written) => {
        const [read, ...rest] = parseStatement(serializeStatement(written, { format: 'csv' }));
        expect(rest).toHaveLength(0);
        expect(read?.account.iban).toBe(written.account.iban);
        expect(read?.lines.map(strip)).toStrictEqual(written.lines.map(strip));
        if (written.lines.length > 0) {
          expect(read?.opening?.amount).toBe(written.opening?.amount);
          expect(read?.closing?.amount).toBe(written.closing?.amount);
          expect(summarizeStatement(read as BankStatement).balanced).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('parsed files written as CAMT.053 read back with the same lines and line ids', () => {
    for (const file of [camt05300102, camt05300108, mt940Sparkasse]) {
      const parsed = parseStatement(file);
      const again = parseStatement(serializeStatement(parsed));
      expect(again.map((s) => s.lines.map((l) => l.line))).toStrictEqual(
        parsed.map((s) => s.lines.map((l) => l.line)),
      );
      expect(again.map(amounts)).toStrictEqual(parsed.map(amounts));
    }
  });

  it('summarizeStatement adds exactly: credits + debits = net, whatever the amounts', () => {
    fc.assert(
      fc.property(statement(5), (s) => {
        const summary = summarizeStatement(s);
        expect(summary.lines).toBe(s.lines.length);
        expect(sumDecimals([summary.credits, summary.debits])).toBe(sumDecimals([summary.net]));
        expect(summary.balanced).toBe(true);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('refuses to write what the parser would never give', () => {
    const [s] = parseStatement(camt05300108);
    const bad = { ...(s as BankStatement), lines: [{ ...(s?.lines[0] as StatementLine), amount: '12,50' }] };
    expect(() => serializeStatement(bad)).toThrow(ReconcileError);
    expect(() => serializeStatement(parseStatement(camt05300102), { format: 'csv' })).toThrow(
      /one statement/,
    );
  });
});
