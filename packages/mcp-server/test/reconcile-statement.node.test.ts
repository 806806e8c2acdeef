import { createMemoryChangeJournal } from '@acctkit/change-journal';
import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { connect, fails, mcpClient, ok, startSandbox } from './harness.js';
import { type BookedLine, EXTRA_LINES, statementFromBooks } from './helpers/statement-from-books.js';

type Line = {
  line: string;
  status: string;
  amount: string;
  counterparty?: string;
  remittance?: string;
  booking_key: string;
  match?: { kind: string; id: number; method: string; confidence: string };
  proposal?: Record<string, unknown>;
};
type Reconciled = { summary: Record<string, unknown>; lines: Line[]; nextCursor?: string };

let sandbox: Sandbox;
/** Requests that reached the sandbox's API (not its admin routes or token endpoint). */
const reached = { count: 0 };
const connections: Partial<Record<'de' | 'pt', BusinessConnection>> = {};

beforeAll(async () => {
  ({ sandbox } = startSandbox());
  const counting = {
    fetch: (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/accounts/')) reached.count++;
      return sandbox.fetch(request);
    },
  } as unknown as Sandbox;
  connections.de = await connect(counting, 'de');
  connections.pt = await connect(counting, 'pt');
});
afterAll(() => sandbox.close());

const MONTH = { from: '2026-09-01', to: '2026-09-30' };

describe.each(['de', 'pt'] as const)('reconcile_statement (%s)', (variant) => {
  let xml: string;
  let booked: BookedLine[];
  let bankAccountId: number;
  beforeAll(async () => {
    ({ xml, booked, bankAccountId } = await statementFromBooks(
      connections[variant] as BusinessConnection,
      MONTH,
    ));
  });
  const server = () =>
    mcpClient({
      connections: [
        { ...(connections[variant] as BusinessConnection), journal: createMemoryChangeJournal() },
      ],
    });

  it('matches every booked record to its line, proposes the three the books lack, and reads the books once', async () => {
    expect(booked.length).toBeGreaterThan(3);
    const { client, close } = await server();
    const before = reached.count;
    const result = await ok<Reconciled>(client, 'reconcile_statement', {
      statement: xml,
      bank_account_id: bankAccountId,
      limit: 200,
    });
    const calls = reached.count - before;
    // bank accounts, contacts (pages of 200), expenses and incomes of the period: never one per line.
    process.stdout.write(
      `reconcile_statement (${variant}): ${result.lines.length} lines, ${calls} service calls\n`,
    );
    expect(calls).toBeLessThanOrEqual(6);
    expect(result.summary).toMatchObject({
      lines: booked.length + 3,
      matched: booked.length,
      ambiguous: 0,
      unmatched: 3,
      bank_account_id: bankAccountId,
      difference: '0.00',
      statement_balanced: true,
    });
    expect(result.summary.closing_balance).toBe(result.summary.books_balance);
    booked.forEach((record, i) => {
      expect(result.lines[i]?.status, `${record.kind} ${record.id}`).toBe('matched');
      expect(result.lines[i]?.match).toMatchObject({ kind: record.kind, id: record.id });
    });
    const extra = result.lines.slice(booked.length);
    expect(extra.map((l) => [l.status, l.amount, l.proposal?.kind])).toEqual([
      ['unmatched', '-4.90', 'expense'],
      ['unmatched', '731.17', 'income'],
      ['unmatched', '-23.45', 'expense'],
    ]);
    // The memo is a data field, and the proposal is the line's own amount with no contact from it.
    expect(extra[1]?.remittance).toBe(EXTRA_LINES[1]?.remittance);
    expect(extra[1]?.proposal).toMatchObject({ amount: '731.17', contact_id: null });
    expect(JSON.stringify(extra[1]?.proposal)).not.toContain('10000');
    await close();
  });

  it('pages the lines with limit and cursor, the summary on every page', async () => {
    const { client, close } = await server();
    const first = await ok<Reconciled>(client, 'reconcile_statement', {
      statement: xml,
      bank_account_id: bankAccountId,
      limit: 2,
    });
    expect(first.lines).toHaveLength(2);
    const second = await ok<Reconciled>(client, 'reconcile_statement', {
      statement: xml,
      bank_account_id: bankAccountId,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second.lines[0]?.line).not.toBe(first.lines[0]?.line);
    expect(second.summary).toEqual(first.summary);
    const other = await fails(client, 'reconcile_statement', {
      statement: xml.replace('STMT-TEST-1', 'STMT-TEST-2'),
      bank_account_id: bankAccountId,
      cursor: first.nextCursor,
    });
    expect(other.fields?.[0]?.field).toBe('cursor');
    await close();
  });

  it('answers a bad statement or bank account with a coded error naming the element', async () => {
    const { client, close } = await server();
    const cut = await fails(client, 'reconcile_statement', {
      statement: xml.replace('<CdtDbtInd>', '<CdtDbtInd>X'),
    });
    expect(cut.code).toBe('INVALID_ARGUMENTS');
    expect(cut.fields?.[0]?.field).toBe('statement');
    expect(cut.message).toMatch(/Document\/BkToCstmrStmt|line \d+/);
    const unknown = await fails(client, 'reconcile_statement', { statement: xml, bank_account_id: 99999 });
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.fields?.[0]).toMatchObject({ field: 'bank_account_id', hint: 'Ids: list_bank_accounts.' });
    const big = await fails(client, 'reconcile_statement', { statement: 'x'.repeat(2 * 1024 * 1024 + 1) });
    expect(big.fields?.[0]).toEqual({ field: 'statement', problem: 'larger than 2 MB' });
    await close();
  });
});
