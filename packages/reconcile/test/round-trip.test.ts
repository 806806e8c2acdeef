import { decimalSum } from '@acctkit/openapi/formats';

/** The exact sum of decimal strings (every one here is generated as a decimal). */
const sumDecimals = (values: readonly string[]): string => decimalSum(values) as string;

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
import { csvEnglish, csvGerman, csvPortuguese } from './fixtures/csv.js';
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

/** A statement of `lines` whose closing balance is the opening one plus the lines. */
const statementOf = (lines: fc.Arbitrary<StatementLine>, scale = 2) =>
  fc
    .record({
      id: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
      opening: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
      lines: fc.array(lines, { maxLength: 25 }),
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

const statement = (scale: number) => statementOf(line(scale), scale);

const shiftDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The object without its `undefined` properties, as a parser builds lines. */
const present = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/**
 * A line as a German bank's MT940 holds it: a value date at most 150 days from the booking date (the
 * entry date has no year), a remittance of up to 12 words, SEPA mandate and creditor ids, a short
 * booking text, GVC and SWIFT type when the bank gave them.
 */
const mt940Line = fc
  .record({
    base: line(2),
    valueShift: maybe(fc.integer({ min: -150, max: 150 })),
    remittance: maybe(text(12)),
    mandateId: maybe(fc.stringMatching(/^[A-Z0-9-]{1,35}$/)),
    creditorId: maybe(fc.stringMatching(/^DE\d{2}ZZZ\d{11}$/)),
    counterpartyBic: maybe(fc.constantFrom('BYLADEM1001', 'SOGEDEFFXXX', 'CGDIPTPL')),
    bookingText: maybe(
      fc.constantFrom('GUTSCHR. UEBERWEISUNG', 'FOLGELASTSCHRIFT', 'KARTENZAHLUNG', 'ENTGELTABSCHLUSS'),
    ),
    gvc: maybe(fc.constantFrom('166', '105', '805', '106')),
    transactionCode: maybe(fc.constantFrom('NTRF', 'NDDT', 'NCHG', 'NMSC')),
  })
  .map(({ base, valueShift, ...more }): StatementLine => {
    const { valueDate: _, remittance: __, ...rest } = base;
    const valueDate = valueShift === undefined ? undefined : shiftDays(base.bookingDate, valueShift);
    return present({ ...rest, ...more, valueDate }) as StatementLine;
  });

/**
 * What MT940 gives back of a line: the name cut at 54 characters (`?32`, `?33`), the value date the
 * booking date when none was given, GVC and SWIFT type for the line's kind when it had none.
 */
const mt940View = (l: StatementLine) => {
  const { line: _, ...rest } = l;
  const debit = l.amount.startsWith('-');
  return present({
    ...rest,
    valueDate: l.valueDate ?? l.bookingDate,
    counterpartyName: l.counterpartyName?.slice(0, 54).trimEnd(),
    transactionCode: l.transactionCode ?? (l.mandateId ? 'NDDT' : l.counterpartyIban ? 'NTRF' : 'NMSC'),
    gvc: l.gvc ?? (debit ? (l.mandateId ? '105' : '116') : '166'),
  });
};

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

describe('MT940 serialize → parse', () => {
  const head = (s: BankStatement) => [s.id, s.account, s.currency, s.opening, s.closing, s.lines.length];

  it('keeps every statement, line, amount, date, balance, name, IBAN, reference and remittance', () => {
    fc.assert(
      fc.property(fc.array(statementOf(mt940Line), { minLength: 1, maxLength: 3 }), (written) => {
        const read = parseStatement(serializeStatement(written, { format: 'mt940' }));
        expect(read.map(head)).toStrictEqual(written.map(head));
        read.forEach((s, i) => {
          expect(s.format).toBe('mt940');
          expect(s.lines.map(strip)).toStrictEqual((written[i] as BankStatement).lines.map(mt940View));
          expect(summarizeStatement(s).balanced).toBe(true);
        });
      }),
      { seed: SEED, numRuns: 80 },
    );
  });

  // Payer texts hold anything: line breaks, `?` (the subfield mark), text that looks like a field
  // (`:20:`), a message end (`-`), a SWIFT block or a SEPA tag of its own (`IBAN+`).
  const nasty = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .array(
        fc.constantFrom(
          ':20:X',
          '-',
          '-}',
          '$',
          '{4:',
          '{1:F01}',
          '?',
          '?31',
          'IBAN+XX00EVIL',
          'EREF+',
          ' ',
          '\r\n',
          'ü',
        ),
        { maxLength: 60 },
      )
      .map((parts) => parts.join('')),
  );

  it('writes lines of at most 65 characters with CRLF and a - line after each statement, whatever the texts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ name: nasty, remittance: nasty, reference: nasty, bookingText: nasty, e2e: nasty }),
          { minLength: 1, maxLength: 6 },
        ),
        nasty,
        (texts, id) => {
          const lines = texts.map(
            (t, i): StatementLine => ({
              line: '',
              bookingDate: '2024-03-04',
              amount: i % 2 ? '-12.50' : '1000.00',
              currency: 'EUR',
              counterpartyName: t.name,
              counterpartyIban: 'DE02120300000000202051',
              remittance: t.remittance,
              bankReference: t.reference,
              bookingText: t.bookingText,
              endToEndId: t.e2e,
            }),
          );
          const written: BankStatement = {
            format: 'mt940',
            id,
            account: { iban: 'DE89370400440532013000' },
            currency: 'EUR',
            opening: { amount: '0.00', date: '2024-03-01' },
            closing: { amount: sumDecimals(lines.map((l) => l.amount)), date: '2024-03-31' },
            lines,
          };
          const text = serializeStatement([written, written], { format: 'mt940' });
          const rows = text.split('\r\n');
          expect(rows.pop()).toBe('');
          for (const row of rows) {
            expect(row.length).toBeLessThanOrEqual(65);
            expect(row).not.toMatch(/[\r\n]/);
            expect(row).not.toMatch(/\s$/);
          }
          expect(rows.filter((r) => r === '-')).toHaveLength(2);
          const read = parseStatement(text);
          expect(read).toHaveLength(2);
          for (const s of read) {
            expect(s.lines.map((l) => [l.amount, l.counterpartyIban])).toStrictEqual(
              lines.map((l) => [l.amount, 'DE02120300000000202051']),
            );
            expect(summarizeStatement(s).balanced).toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('cuts what MT940 cannot hold and says so in the fields it keeps', () => {
    const long = 'Rechnung 4711 '.repeat(40).trim();
    const written: BankStatement = {
      format: 'camt053',
      id: 'S-1',
      account: { number: '0532013000', bankCode: '37040044' },
      currency: 'EUR',
      opening: { amount: '10.00', date: '2024-12-31' },
      closing: { amount: '0.00', date: '2025-01-02' },
      lines: [
        {
          line: '',
          bookingDate: '2025-01-02',
          valueDate: '2024-12-31',
          amount: '-10.00',
          currency: 'EUR',
          counterpartyName: 'Stadtwerke Beispielstadt Versorgung und Verkehr GmbH & Co. KG',
          bookingText: 'SEPA-BASISLASTSCHRIFT EINZUG FOLGELASTSCHRIFT',
          bankReference: 'A-BANK-REFERENCE-OF-FORTY-CHARACTERS-XYZ',
          remittance: long,
          endToEndId: 'E2E-1',
          transactionCode: 'PMNT/RDDT/ESDD',
        },
        { line: '', bookingDate: '2024-01-02', valueDate: '2024-12-31', amount: '0.00', currency: 'EUR' },
      ],
    };
    const text = serializeStatement(written, { format: 'mt940' });
    expect(text.split('\r\n').slice(0, 3)).toStrictEqual([
      ':20:S-1',
      ':25:37040044/0532013000',
      ':28C:00001/001',
    ]);
    const [read] = parseStatement(text);
    expect(read?.account).toStrictEqual(written.account);
    const [first, second] = read?.lines ?? [];
    // Valued 31 December, booked 2 January: the entry date's year is the next one.
    expect(first).toMatchObject({
      valueDate: '2024-12-31',
      bookingDate: '2025-01-02',
      transactionCode: 'NDDT',
    });
    expect(first?.counterpartyName).toBe('Stadtwerke Beispielstadt Versorgung und Verkehr GmbH &'); // 54
    expect(first?.bookingText).toBe('SEPA-BASISLASTSCHRIFT EINZU');
    expect(first?.endToEndId).toBe('E2E-1');
    expect(long.startsWith(first?.remittance ?? 'none')).toBe(true);
    expect(first?.remittance?.length).toBeGreaterThan(300);
    expect('A-BANK-REFERENCE-OF-FORTY-CHARACTERS-XYZ'.startsWith(first?.bankReference ?? 'none')).toBe(true);
    // A value date eleven months from the booking date cannot be told from the entry date: it goes.
    expect(second).toMatchObject({ bookingDate: '2024-01-02', valueDate: '2024-01-02', amount: '0.00' });
  });

  it('refuses a statement MT940 cannot hold, naming what is missing', () => {
    const [s] = parseStatement(mt940Sparkasse) as [BankStatement];
    const refused = (statement: BankStatement, message: RegExp) => {
      expect(() => serializeStatement(statement, { format: 'mt940' })).toThrow(message);
      expect(() => serializeStatement(statement, { format: 'mt940' })).toThrow(ReconcileError);
    };
    const { closing: _, ...noClosing } = s;
    refused(noClosing, /no closing balance/);
    refused({ ...s, account: {} }, /neither IBAN nor number/);
    refused({ ...s, lines: [{ ...(s.lines[0] as StatementLine), currency: 'USD' }] }, /lines\[0\]\.currency/);
    refused({ ...s, opening: { amount: '1.00', date: '2070-01-01' } }, /1970 to 2069/);
    refused(
      { ...s, lines: [{ ...(s.lines[0] as StatementLine), amount: '1234567890123456.00' }] },
      /15 digits/,
    );
  });
});

describe('parse → serialize → parse', () => {
  const formats = ['camt053', 'mt940', 'csv'] as const;
  const again = (statements: readonly BankStatement[], format: (typeof formats)[number]) =>
    format === 'csv'
      ? statements.flatMap((s) => parseStatement(serializeStatement(s, { format })))
      : parseStatement(serializeStatement(statements, { format }));

  it('a second pass through any format changes nothing the first pass gave, line ids included', () => {
    for (const format of formats) {
      fc.assert(
        fc.property(fc.array(statementOf(mt940Line), { minLength: 1, maxLength: 2 }), (written) => {
          const once = again(written, format);
          expect(again(once, format)).toStrictEqual(once);
        }),
        { seed: SEED, numRuns: 40 },
      );
    }
  });

  /** What every format holds of a line; MT940 names are cut at 54 characters, its value date always given. */
  const core = (format: string) => (l: StatementLine) => ({
    bookingDate: l.bookingDate,
    valueDate: format === 'mt940' ? (l.valueDate ?? l.bookingDate) : l.valueDate,
    amount: l.amount,
    currency: l.currency,
    name: format === 'mt940' ? l.counterpartyName?.slice(0, 54).trimEnd() : l.counterpartyName,
    iban: l.counterpartyIban,
    endToEndId: l.endToEndId,
    bankReference: l.bankReference,
    remittance: l.remittance,
  });

  it('bank files of each format keep amounts, counts, dates, balances, names, IBANs, references and remittance in each format', () => {
    const files = { camt05300102, camt05300108, mt940Sparkasse, csvGerman, csvPortuguese, csvEnglish };
    let checked = 0;
    for (const [name, file] of Object.entries(files)) {
      const parsed = parseStatement(file);
      for (const format of formats) {
        // CAMT.053 and MT940 need balances, MT940 an account too: an English CSV export has neither.
        const carried = format === 'csv' || parsed.every((s) => s.opening && s.closing);
        if (!carried || (format === 'mt940' && parsed.some((s) => !s.account.iban && !s.account.number)))
          continue;
        const read = again(parsed, format);
        const where = `${name} as ${format}`;
        expect(
          read.map((s) => s.lines.length),
          where,
        ).toStrictEqual(parsed.map((s) => s.lines.length));
        expect(
          read.map((s) => s.lines.map(core(format))),
          where,
        ).toStrictEqual(parsed.map((s) => s.lines.map(core(format))));
        if (format !== 'csv' || parsed.every((s) => s.lines.length > 0))
          expect(
            read.map((s) => [s.opening?.amount, s.closing?.amount]),
            where,
          ).toStrictEqual(parsed.map((s) => [s.opening?.amount, s.closing?.amount]));
        expect(
          read.map((s) => s.account.iban),
          where,
        ).toStrictEqual(parsed.map((s) => s.account.iban));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(14);
  });
});
