// Time of reconcileStatement for 1,000 lines against 5,000 records (target: 200 ms on Node), with the
// machine's load when the runtime gives it. Runtime-neutral: the runtime matrix's `bench` runs `run`.
import {
  type BookExpense,
  type BookIncome,
  type Books,
  reconcileStatement,
  type StatementLine,
} from '../src/index.js';
import { contact, deAccount, deExpense, income, statement } from '../test/books-fixtures.js';

const LINES = 1_000;
const RECORDS = 5_000;
const ROUNDS = 5;

const day = (i: number): string => new Date(Date.UTC(2024, 0, 1 + (i % 360))).toISOString().slice(0, 10);
const cents = (i: number): string => {
  const c = ((i * 7919) % 20_000) + 100;
  return `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
};

function books(): Books {
  const expenses: BookExpense[] = [];
  const incomes: BookIncome[] = [];
  for (let i = 0; i < RECORDS; i++) {
    const more = { contactId: (i % 200) + 1, reference: `RE-${i}`, ledger: 4900 + (i % 7), tax: 1 + (i % 2) };
    if (i % 2 === 0) expenses.push(deExpense(i + 1, cents(i), day(i), more));
    else incomes.push(income(i + 1, cents(i), day(i), { contactId: (i % 200) + 1, reference: `RE-${i}` }));
  }
  const contacts = Array.from({ length: 200 }, (_, i) =>
    contact(i + 1, `Kunde ${i + 1}`, `Firma ${i + 1} GmbH`),
  );
  return { bankAccounts: [deAccount()], expenses, incomes, contacts };
}

function lines(): StatementLine[] {
  return Array.from({ length: LINES }, (_, n) => {
    const i = n * 5; // every fifth record is paid; a quarter of the lines have no record
    const credit = i % 2 === 1;
    const record = n % 4 !== 3;
    return {
      line: `l${String(n).padStart(16, '0')}`,
      bookingDate: day(i + (n % 3)),
      amount: record ? `${credit ? '' : '-'}${cents(i)}` : `-${cents(i + 1)}1`,
      currency: 'EUR',
      counterpartyName: `Firma ${(i % 200) + 1}`,
      remittance: n % 2 === 0 ? `Rechnung RE-${i} Kundennummer ${n}` : `Zahlung ${n}`,
    };
  });
}

/** Runs the match ROUNDS times after a warm-up and logs the median. */
export async function run(log: (line: string) => void): Promise<void> {
  const b = books();
  const s = statement(lines());
  const first = reconcileStatement(s, b);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    reconcileStatement(s, b);
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  const { matched, ambiguous, unmatched } = first.summary;
  const load = (
    globalThis as { process?: { getBuiltinModule?: (m: string) => { loadavg(): number[] } } }
  ).process
    ?.getBuiltinModule?.('os')
    ?.loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  log(
    `match     ${LINES} lines × ${RECORDS} records: ${(times[ROUNDS >> 1] ?? 0).toFixed(1)} ms (median of ${ROUNDS}; target 200 ms); ${matched} matched, ${ambiguous} ambiguous, ${unmatched} unmatched${load ? `; load ${load}` : ''}`,
  );
}
