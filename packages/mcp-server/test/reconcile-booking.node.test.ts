import { createMemoryChangeJournal } from '@acctkit/change-journal';
import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { connect, fails, mcpClient, ok, recordOf, startSandbox } from './harness.js';
import { statementFromBooks } from './helpers/statement-from-books.js';

type Line = { line: string; status: string; amount: string; proposal?: Record<string, unknown> };
type Booked = {
  status: string;
  lines: { line: string; status: string; kind: string; id: number; change?: string }[];
};

let sandbox: Sandbox;
const connections: Partial<Record<'de' | 'pt', BusinessConnection>> = {};
beforeAll(async () => {
  ({ sandbox } = startSandbox());
  connections.de = await connect(sandbox, 'de');
  connections.pt = await connect(sandbox, 'pt');
});
afterAll(() => sandbox.close());

describe.each(['de', 'pt'] as const)('book_statement_lines (%s)', (variant) => {
  it('books the unmatched lines once, journaled per record; a re-sent statement books nothing; undo takes one back', async () => {
    const connection = {
      ...(connections[variant] as BusinessConnection),
      journal: createMemoryChangeJournal(),
    };
    const { xml, booked, bankAccountId } = await statementFromBooks(connection, {
      from: '2026-09-01',
      to: '2026-09-30',
    });
    const { client, close } = await mcpClient({ connections: [connection] });
    const base = { statement: xml, bank_account_id: bankAccountId };
    const first = await ok<{ lines: Line[] }>(client, 'reconcile_statement', { ...base, limit: 200 });
    const unmatched = first.lines.filter((l) => l.status === 'unmatched');
    expect(unmatched.map((l) => l.amount)).toEqual(['-4.90', '731.17', '-23.45']);
    const [fee, payment, card] = unmatched as [Line, Line, Line];
    const incomeTypes = await ok<{ items: { id: number }[] }>(client, 'list_reference', {
      kind: 'income_types',
    });
    const expenseType = variant === 'de' ? 111 : 301;
    const overrides = [
      { line: fee.line, ledger_account_id: expenseType },
      { line: payment.line, source_id: incomeTypes.items[0]?.id },
      { line: card.line, ledger_account_id: expenseType },
    ];
    const args = { ...base, all_unmatched: true, overrides };

    // Confirmed once for the batch; without a form, confirm: true after the user agreed.
    const unconfirmed = await fails(client, 'book_statement_lines', args);
    expect(unconfirmed.code).toBe('CONFIRMATION_REQUIRED');
    expect(unconfirmed.message).toContain('"Unbekannte Kundin"');
    const dry = await ok<Booked>(client, 'book_statement_lines', { ...args, dry_run: true });
    expect(dry.lines.map((l) => l.status)).toEqual(['dry_run', 'dry_run', 'dry_run']);

    const done = await ok<Booked>(client, 'book_statement_lines', { ...args, confirm: true });
    expect(done.status).toBe('booked');
    expect(done.lines.map((l) => [l.line, l.status, l.kind])).toEqual([
      [fee.line, 'created', 'expense'],
      [payment.line, 'created', 'income'],
      [card.line, 'created', 'expense'],
    ]);
    const changes = await ok<{ items: { id: string; tool: string; idempotencyKey?: string }[] }>(
      client,
      'list_changes',
      {},
    );
    expect(changes.items.filter((c) => c.tool === 'book_statement_lines')).toHaveLength(3);

    // The memo picked nothing: the income is the line's amount, with no contact from its text.
    const income = await recordOf(connection, '/accounts/v2/incomes', done.lines[1]?.id as number);
    expect(income?.gross_amount).toBe('731.17');
    expect((income?.contact as { id?: number } | null)?.id ?? null).not.toBe(1);

    // The books now hold them: every line matches, and the statement sent again books nothing.
    const again = await ok<{ summary: { matched: number; unmatched: number } }>(
      client,
      'reconcile_statement',
      base,
    );
    expect(again.summary).toMatchObject({ matched: booked.length + 3, unmatched: 0 });
    const resent = await ok<Booked>(client, 'book_statement_lines', { ...args, confirm: true });
    expect(resent.lines.map((l) => [l.status, l.id])).toEqual(
      done.lines.map((l) => ['already_created', l.id]),
    );
    const byId = await ok<Booked>(client, 'book_statement_lines', {
      ...base,
      lines: [fee.line],
      overrides: [overrides[0]],
    });
    expect(byId.lines[0]).toMatchObject({ status: 'already_created', id: done.lines[0]?.id });

    // A line of a booked record is refused, naming it.
    const matched = await fails(client, 'book_statement_lines', {
      ...base,
      lines: [first.lines[0]?.line],
      confirm: true,
    });
    expect(matched.code).toBe('INVALID_ARGUMENTS');
    expect(matched.fields?.[0]?.problem).toMatch(/^matched to (expense|income) \d+/);
    const unknown = await fails(client, 'book_statement_lines', { ...base, lines: ['l0000'], confirm: true });
    expect(unknown.fields).toEqual([{ field: 'lines.l0000', problem: 'not a line of this statement' }]);

    // undo_change deletes one booked expense.
    const undone = await ok<{ status: string }>(client, 'undo_change', {
      change: done.lines[0]?.change,
      confirm: true,
    });
    expect(undone.status).toBe('undone');
    expect(await recordOf(connection, '/accounts/v2/expenses', done.lines[0]?.id as number)).toBeUndefined();
    await close();
  });
});
