import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Books, reconcileStatement, type StatementLine } from '../src/index.js';
import { contact, deAccount, deExpense, income, statement } from './books-fixtures.js';

// Few amounts, days and names so that lines and records collide often.
const amount = fc.constantFrom('10.00', '10.50', '20.00', '99.99');
const day = fc.integer({ min: 1, max: 20 }).map((d) => `2024-03-${String(d).padStart(2, '0')}`);
const name = fc.constantFrom(undefined, 'Alpha GmbH', 'Beta Lda', 'Gamma');
const reference = fc.constantFrom(undefined, 'RE-1001', 'RE-1002', 'FT-7');

const lineArb = fc.record({
  credit: fc.boolean(),
  amount,
  day,
  name,
  reference,
  iban: fc.constantFrom(undefined, 'DE02120300000000202051'),
});
const recordArb = fc.record({
  income: fc.boolean(),
  amount,
  day,
  contactId: fc.constantFrom(0, 1, 2, 3),
  reference,
});

const input = fc.record({
  lines: fc.array(lineArb, { maxLength: 25 }),
  records: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 60 }), recordArb), {
    selector: ([id]) => id,
    maxLength: 30,
  }),
});

type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

function build({ lines, records }: Input): { lines: StatementLine[]; books: Books } {
  return {
    lines: lines.map((l, i) => ({
      line: `l${String(i).padStart(16, '0')}`,
      bookingDate: l.day,
      amount: l.credit ? l.amount : `-${l.amount}`,
      currency: 'EUR',
      ...(l.name === undefined ? {} : { counterpartyName: l.name }),
      ...(l.reference === undefined ? {} : { remittance: `Invoice ${l.reference}` }),
      ...(l.iban === undefined ? {} : { counterpartyIban: l.iban }),
    })),
    books: {
      bankAccounts: [deAccount()],
      expenses: records
        .filter(([, r]) => !r.income)
        .map(([id, r]) =>
          deExpense(id, r.amount, r.day, {
            contactId: r.contactId,
            ...(r.reference ? { reference: r.reference } : {}),
          }),
        ),
      incomes: records
        .filter(([, r]) => r.income)
        .map(([id, r]) =>
          income(id, r.amount, r.day, {
            contactId: r.contactId,
            ...(r.reference ? { reference: r.reference } : {}),
          }),
        ),
      contacts: [contact(1, 'Alpha'), contact(2, 'x', 'Beta, Lda.'), contact(3, 'Gamma')],
      history: [{ counterpartyIban: 'DE02120300000000202051', contactId: 3 }],
    },
  };
}

describe('reconcileStatement properties', () => {
  it('gives every line exactly one status and no record to two lines', () => {
    fc.assert(
      fc.property(input, (generated) => {
        const { lines, books } = build(generated);
        const result = reconcileStatement(statement(lines), books);
        expect(result.lines.map((l) => l.line)).toEqual(lines.map((l) => l.line));
        const matched = result.lines.flatMap((l) =>
          l.status === 'matched' ? [`${l.record.kind}:${l.record.id}`] : [],
        );
        expect(new Set(matched).size).toBe(matched.length);
        for (const l of result.lines) {
          expect(['matched', 'ambiguous', 'unmatched']).toContain(l.status);
          // Neither an ambiguous line's candidates nor anyone else's match is a matched record.
          if (l.status === 'ambiguous')
            for (const c of l.candidates) expect(matched).not.toContain(`${c.record.kind}:${c.record.id}`);
        }
        const { summary } = result;
        expect(summary.matched + summary.ambiguous + summary.unmatched).toBe(lines.length);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of lines or records', () => {
    fc.assert(
      fc.property(input, fc.integer(), (generated, seed) => {
        const shuffle = <T>(items: readonly T[]): T[] => {
          const out = [...items];
          let s = seed >>> 0;
          for (let i = out.length - 1; i > 0; i--) {
            s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
            const j = s % (i + 1);
            [out[i], out[j]] = [out[j] as T, out[i] as T];
          }
          return out;
        };
        const { lines, books } = build(generated);
        const byLine = (ls: StatementLine[], b: Books) =>
          Object.fromEntries(reconcileStatement(statement(ls), b).lines.map((l) => [l.line, l]));
        const permuted: Books = {
          ...books,
          expenses: shuffle(books.expenses),
          incomes: shuffle(books.incomes),
          contacts: shuffle(books.contacts),
        };
        expect(byLine(shuffle(lines), permuted)).toEqual(byLine(lines, books));
      }),
      { numRuns: 300 },
    );
  });
});
