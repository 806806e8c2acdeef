// Lines per second of parseStatement for a generated 10,000-line CAMT.053 file and MT940 file (target:
// 20,000 lines/s on Node). Runtime-neutral: the runtime matrix's `bench` runs `run` in each runtime.
import { type BankStatement, parseStatement, type StatementLine, serializeStatement } from '../src/index.js';

const LINES = 10_000;
const ROUNDS = 5;

const day = (i: number): string => new Date(Date.UTC(2024, 0, 1 + (i % 360))).toISOString().slice(0, 10);
const cents = (i: number): bigint => BigInt(((i * 7919) % 500_000) + 1) * (i % 3 === 0 ? -1n : 1n);
const decimal = (units: bigint): string => {
  const abs = (units < 0n ? -units : units).toString().padStart(3, '0');
  return `${units < 0n ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};

function camt(): string {
  const lines: StatementLine[] = [];
  let total = 0n;
  for (let i = 0; i < LINES; i++) {
    total += cents(i);
    lines.push({
      line: '',
      bookingDate: day(i),
      valueDate: day(i),
      amount: decimal(cents(i)),
      currency: 'EUR',
      counterpartyName: `Kunde ${i} GmbH`,
      counterpartyIban: 'DE02120300000000202051',
      remittance: `Rechnung RE-2024-${i} Kundennummer ${i * 13}`,
      endToEndId: `E2E-${i}`,
      bankReference: `REF${i}`,
    });
  }
  const statement: BankStatement = {
    format: 'camt053',
    id: 'BENCH',
    account: { iban: 'DE89370400440532013000' },
    currency: 'EUR',
    opening: { amount: '0.00', date: '2024-01-01' },
    closing: { amount: decimal(total), date: '2024-12-31' },
    lines,
  };
  return serializeStatement(statement);
}

function mt940(): string {
  const out = [':20:BENCH', ':25:37040044/0532013000', ':28C:1/1', ':60F:C240101EUR0,00'];
  let total = 0n;
  for (let i = 0; i < LINES; i++) {
    const units = cents(i);
    total += units;
    const date = day(i).slice(2).replace(/-/g, '');
    const amount = decimal(units < 0n ? -units : units).replace('.', ',');
    out.push(
      `:61:${date}${date.slice(2)}${units < 0n ? 'D' : 'C'}${amount}NTRFNONREF//REF${i}`,
      `:86:166?00SEPA-UEBERWEISUNG?109310?20EREF+E2E-${i}?21SVWZ+Rechnung RE-2024-${i}?22Kundennummer ${i * 13}?30BYLADEM1001`,
      `?31DE02120300000000202051?32Kunde ${i} GmbH`,
    );
  }
  const sign = total < 0n ? 'D' : 'C';
  out.push(`:62F:${sign}241231EUR${decimal(total < 0n ? -total : total).replace('.', ',')}`, '-');
  return out.join('\r\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** Parses each file ROUNDS times after a warm-up and logs the median lines per second. */
export async function run(log: (line: string) => void): Promise<void> {
  for (const [name, text] of [
    ['CAMT.053', camt()],
    ['MT940', mt940()],
  ] as const) {
    const count = parseStatement(text).reduce((n, s) => n + s.lines.length, 0);
    if (count !== LINES) throw new Error(`${name}: parsed ${count} lines, expected ${LINES}`);
    const rates: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const start = performance.now();
      parseStatement(text);
      rates.push(LINES / ((performance.now() - start) / 1000));
    }
    const mb = (text.length / 1024 / 1024).toFixed(1);
    log(
      `${name.padEnd(9)} ${LINES} lines, ${mb} MiB: ${Math.round(median(rates)).toLocaleString('en-US')} lines/s (median of ${ROUNDS})`,
    );
  }
}
