import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChangeEntry, type ChangeJournal, createMemoryChangeJournal } from '@acctkit/change-journal';
import { openFileChangeJournal } from '@acctkit/change-journal/node';
import type { Sandbox } from '@acctkit/sandbox';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { admin, call, connect, countOf, fails, mcpClient, ok, recordOf, startSandbox } from './harness.js';

let sandbox: Sandbox;
const base: Partial<Record<'de' | 'pt', BusinessConnection>> = {};

beforeAll(async () => {
  ({ sandbox } = startSandbox());
  base.de = await connect(sandbox, 'de');
  base.pt = await connect(sandbox, 'pt');
});
afterEach(async () => {
  await admin(sandbox, 'faults', undefined, 'DELETE');
});
afterAll(() => sandbox.close());

const EXPENSES = '/accounts/v2/expenses';
const CONTACTS = '/accounts/v2/contacts';

/** A server over one business with its own journal (a fresh one unless given). */
async function session(variant: 'de' | 'pt', journal: ChangeJournal = createMemoryChangeJournal()) {
  const connection = { ...(base[variant] as BusinessConnection), journal };
  const { client, close } = await mcpClient({ connections: [connection] });
  return { client, close, connection, journal };
}

type Change = { status: string; message?: string; record: Record<string, unknown>; entry?: string };

describe.each(['de', 'pt'] as const)('write safety (%s)', (variant) => {
  const ids = { de: { bank: 1, type: 111 }, pt: { bank: 4, type: 301 } }[variant];
  let n = 0;
  /** An expense nobody made before (its total differs from every other test's). */
  const expense = () => ({
    date: '2026-03-15',
    total: `${100 + ++n}.50`,
    bank_account_id: ids.bank,
    ledger_account_id: ids.type,
  });

  it('an idempotency key returns the first result and sends nothing; other arguments are refused', async () => {
    const { client, connection, close } = await session(variant);
    const args = { ...expense(), idempotency_key: 'receipt-4711' };
    const first = await ok<Change>(client, 'create_expense', args);
    expect(first.status).toBe('created');
    const count = await countOf(connection, EXPENSES);

    const again = await ok<Change>(client, 'create_expense', {
      ...args,
      total: args.total.replace(/0$/, ''),
    });
    expect(again.status).toBe('already_created');
    expect(again.record).toEqual(first.record);
    expect(again.message).toMatch(/nothing was sent/);
    expect(await countOf(connection, EXPENSES)).toBe(count);

    const other = await fails(client, 'create_expense', { ...args, total: '999.00' });
    expect(other.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.fields).toEqual([
      { field: 'idempotency_key', problem: 'already used with other arguments' },
    ]);
    expect(await countOf(connection, EXPENSES)).toBe(count);
    await close();
  });

  it('an equal create without a key is refused as a possible duplicate, unless allow_duplicate', async () => {
    const { client, connection, close } = await session(variant);
    const args = expense();
    const first = await ok<Change>(client, 'create_expense', args);
    const count = await countOf(connection, EXPENSES);
    const duplicate = await fails(client, 'create_expense', args);
    expect(duplicate.code).toBe('POSSIBLE_DUPLICATE');
    expect(duplicate.existingId).toBe(first.record.id);
    expect(duplicate.message).toContain(`id ${String(first.record.id)}`);
    expect(await countOf(connection, EXPENSES)).toBe(count);

    // The two-coffees case: the user means a second, equal expense.
    const second = await ok<Change>(client, 'create_expense', { ...args, allow_duplicate: true });
    expect(second.status).toBe('created');
    expect(second.record.id).not.toBe(first.record.id);
    expect(await countOf(connection, EXPENSES)).toBe(count + 1);
    await close();
  });

  it('a retry after the client timed out finds the first create, with and without a key', async () => {
    for (const key of ['retry-after-timeout', undefined]) {
      const { client, connection, close } = await session(variant);
      const args = { ...expense(), ...(key && { idempotency_key: `${key}-${variant}` }) };
      const count = await countOf(connection, EXPENSES);
      // The service takes 2 s to answer; the client gives up after 150 ms and retries at once.
      await admin(sandbox, 'faults', { type: 'latency', count: 1, latency_ms: 2000 });
      await expect(
        client.callTool({ name: 'create_expense', arguments: args }, { timeout: 150 }),
      ).rejects.toThrow(/timed out/i);
      const retry = await call(client, 'create_expense', args);
      expect(await countOf(connection, EXPENSES)).toBe(count + 1);
      if (key) {
        expect(retry.isError).toBeFalsy();
        expect(retry.structuredContent).toMatchObject({ status: 'already_created' });
      } else {
        expect(retry.isError).toBe(true);
        expect(JSON.stringify(retry.content)).toContain('POSSIBLE_DUPLICATE');
      }
      await close();
    }
  });

  it('undoes a create by deleting the record, and refuses a second undo', async () => {
    const { client, connection, close } = await session(variant);
    const created = await ok<Change>(client, 'create_expense', expense());
    const id = created.record.id as number;
    const [entry] = (await ok<{ items: ChangeEntry[] }>(client, 'list_changes', { kind: 'expenses', id }))
      .items;
    expect(entry).toMatchObject({ operation: 'create', tool: 'create_expense', recordId: id });

    const needs = await fails(client, 'undo_change', { change: entry?.id });
    expect(needs.code).toBe('CONFIRMATION_REQUIRED');
    const dry = await ok<Change>(client, 'undo_change', { change: entry?.id, dry_run: true });
    expect(dry.status).toBe('dry_run');
    expect(dry.message).toContain(`Delete expense ${id}`);
    expect(await recordOf(connection, EXPENSES, id)).toBeDefined();

    const undone = await ok<Change>(client, 'undo_change', { change: entry?.id, confirm: true });
    expect(undone.status).toBe('undone');
    expect(await recordOf(connection, EXPENSES, id)).toBeUndefined();
    const again = await fails(client, 'undo_change', { change: entry?.id, confirm: true });
    expect(again.code).toBe('ALREADY_UNDONE');

    const { items } = await ok<{ items: ChangeEntry[] }>(client, 'list_changes', { tool: 'undo_change' });
    expect(items[0]).toMatchObject({
      id: undone.entry,
      operation: 'delete',
      recordId: id,
      undoOf: entry?.id,
      after: null,
    });
    await close();
  });

  it('undoes an update by restoring the fields it changed, and refuses when the record changed since', async () => {
    const { client, connection, close } = await session(variant);
    const created = await ok<Change>(client, 'create_expense', expense());
    const id = created.record.id as number;
    await ok(client, 'update_expense', { id, total: '321.00', confirm: true });
    await ok(client, 'update_expense', { id, date: '2026-03-20' });
    const [dated, amount] = (
      await ok<{ items: ChangeEntry[] }>(client, 'list_changes', {
        kind: 'expenses',
        id,
        tool: 'update_expense',
      })
    ).items;

    // The amount change was followed by a date change: undoing it would lose the later one.
    const refused = await fails(client, 'undo_change', { change: amount?.id, confirm: true });
    expect(refused.code).toBe('RECORD_CHANGED');
    expect(refused.message).toContain('date: 2026-03-15 → 2026-03-20');
    expect((await recordOf(connection, EXPENSES, id))?.total).toBe('321.00');

    // Undo the latest first, then the amount change.
    await ok(client, 'undo_change', { change: dated?.id, confirm: true });
    expect((await recordOf(connection, EXPENSES, id))?.date).toMatch(/2026-03-15|15\/03\/2026/);
    const undone = await ok<Change>(client, 'undo_change', { change: amount?.id, confirm: true });
    expect(undone.status).toBe('undone');
    expect(undone.record.total).toBe(created.record.total);
    expect((await recordOf(connection, EXPENSES, id))?.total).toBe(created.record.total);
    await close();
  });

  it('undoes a delete by re-creating the record with a new id, said in the result and the journal', async () => {
    const { client, connection, close } = await session(variant);
    const made = await ok<Change>(client, 'create_contact', {
      contact_type_id: 2,
      name: `Undo Supplier ${variant}`,
      email: `undo-${variant}@example.com`,
      ...(variant === 'de' ? { company: 'Undo GmbH' } : { company_name: 'Undo Lda.' }),
      main_address: {
        ...(variant === 'de' ? { line_1: 'Hauptstraße 1' } : { street_one: 'Rua Direita 1' }),
        town: variant === 'de' ? 'Berlin' : 'Porto',
        postcode: variant === 'de' ? '10115' : '4000-001',
      },
    });
    const id = made.record.id as number;
    await ok(client, 'delete_contact', { id, confirm: true });
    expect(await recordOf(connection, CONTACTS, id)).toBeUndefined();
    const [deleted] = (await ok<{ items: ChangeEntry[] }>(client, 'list_changes', { tool: 'delete_contact' }))
      .items;

    const undone = await ok<Change>(client, 'undo_change', { change: deleted?.id, confirm: true });
    const newId = undone.record.id as number;
    expect(newId).not.toBe(id);
    expect(undone.message).toContain(`contact ${newId}`);
    expect(undone.message).toContain('new id');
    const back = await recordOf(connection, CONTACTS, newId);
    expect(back).toMatchObject({
      name: `Undo Supplier ${variant}`,
      email: `undo-${variant}@example.com`,
      company: variant === 'de' ? 'Undo GmbH' : 'Undo Lda.',
    });
    expect((back?.main_address as Record<string, unknown> | undefined)?.street_one).toBe(
      variant === 'de' ? 'Hauptstraße 1' : 'Rua Direita 1',
    );
    const [entry] = (await ok<{ items: ChangeEntry[] }>(client, 'list_changes', { limit: 1 })).items;
    expect(entry).toMatchObject({
      operation: 'create',
      tool: 'undo_change',
      recordId: newId,
      undoOf: deleted?.id,
    });
    await close();
  });

  it('a dry run of an undo shows each field now and as it would be, as the confirmation does', async () => {
    const { client, close } = await session(variant);
    const created = await ok<Change>(client, 'create_expense', expense());
    const id = created.record.id as number;
    await ok(client, 'update_expense', { id, total: '321.00', date: '2026-03-20', confirm: true });
    const [updated] = (
      await ok<{ items: ChangeEntry[] }>(client, 'list_changes', {
        kind: 'expenses',
        id,
        tool: 'update_expense',
      })
    ).items;
    type Preview = Change & { changes: { field: string; now: unknown; restore: unknown }[] };
    const dry = await ok<Preview>(client, 'undo_change', { change: updated?.id, dry_run: true });
    expect(dry.changes).toEqual(
      expect.arrayContaining([
        { field: 'date', now: '2026-03-20', restore: '2026-03-15' },
        { field: 'total', now: '321.00', restore: created.record.total },
      ]),
    );
    const asked = await fails(client, 'undo_change', { change: updated?.id });
    for (const c of dry.changes)
      expect(asked.message).toContain(`${c.field} change: ${c.now} → ${c.restore}`);

    // A re-create shows the fields it would send, which have no value now.
    await ok(client, 'delete_expense', { id, confirm: true });
    const [deleted] = (await ok<{ items: ChangeEntry[] }>(client, 'list_changes', { tool: 'delete_expense' }))
      .items;
    const again = await ok<Preview>(client, 'undo_change', { change: deleted?.id, dry_run: true });
    expect(again.changes).toEqual(
      expect.arrayContaining([
        { field: 'bank_account_id', now: null, restore: ids.bank },
        { field: 'ledger_account_id', now: null, restore: ids.type },
        { field: 'total', now: null, restore: '321.00' },
      ]),
    );
    const recreate = await fails(client, 'undo_change', { change: deleted?.id });
    for (const c of again.changes) expect(recreate.message).toContain(`${c.field}: ${String(c.restore)}`);
    await close();
  });

  it('lists changes by record, tool and period, paged', async () => {
    const { client, close } = await session(variant);
    for (let i = 0; i < 3; i++) await ok(client, 'create_expense', expense());
    const page = await ok<{ items: ChangeEntry[]; nextCursor?: string }>(client, 'list_changes', {
      limit: 2,
    });
    expect(page.items).toHaveLength(2);
    const rest = await ok<{ items: ChangeEntry[]; nextCursor?: string }>(client, 'list_changes', {
      limit: 2,
      cursor: page.nextCursor,
    });
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await ok<{ items: unknown[] }>(client, 'list_changes', { since: today, until: today })).items,
    ).toHaveLength(3);
    expect((await ok<{ items: unknown[] }>(client, 'list_changes', { until: '2020-01-01' })).items).toEqual(
      [],
    );
    expect(
      (await ok<{ items: unknown[] }>(client, 'list_changes', { tool: 'create_contact' })).items,
    ).toEqual([]);
    const missing = await fails(client, 'list_changes', { id: 3 });
    expect(missing.fields?.[0]?.field).toBe('kind');
    await close();
  });

  it('a create that cannot get its turn sends nothing and says when to try again', async () => {
    const journal = createMemoryChangeJournal();
    // Another process holds the business's create lock past the wait.
    const busy: ChangeJournal = { ...journal, exclusive: () => Promise.reject(new Error('ELOCKED')) };
    const { client, connection, close } = await session(variant, busy);
    const count = await countOf(connection, EXPENSES);
    const error = await fails(client, 'create_expense', expense());
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 30 });
    expect(error.message).toContain('nothing was sent');
    expect(await countOf(connection, EXPENSES)).toBe(count);
    await close();
  });

  it('keeps idempotency keys and the journal over a restart (the store folder)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'acctkit-safety-')), `changes-${variant}.jsonl`);
    const args = { ...expense(), idempotency_key: `restart-${variant}` };
    const first = await session(variant, openFileChangeJournal(file));
    const made = await ok<Change>(first.client, 'create_expense', args);
    await first.close();

    const second = await session(variant, openFileChangeJournal(file));
    const again = await ok<Change>(second.client, 'create_expense', args);
    expect(again).toMatchObject({ status: 'already_created', record: { id: made.record.id } });
    expect((await fails(second.client, 'create_expense', { ...expense(), total: args.total })).code).toBe(
      'POSSIBLE_DUPLICATE',
    );
    await second.close();
  });
});

describe('the journal tools without a journal', () => {
  it('say the business keeps none', async () => {
    const { client, close } = await mcpClient({ connections: [base.de as BusinessConnection] });
    const error = await fails(client, 'list_changes', {});
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/keeps no change journal/);
    await close();
  });
});

export type { Client };
