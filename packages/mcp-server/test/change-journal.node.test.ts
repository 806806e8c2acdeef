import { readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ChangeEntry,
  type ChangeJournal,
  createMemoryChangeJournal,
  type NewChange,
} from '@acctkit/change-journal';
import { changeJournalFile, openFileChangeJournal } from '@acctkit/change-journal/node';
import { toTokenSet } from '@acctkit/client';
import { openConnectionStore } from '@acctkit/client/node';
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { connectFromStore } from '../src/node/index.js';
import { admin, BASE, mcpClient, ok, startSandbox, useConnections } from './harness.js';

const connections = useConnections();

type Journal = { business: string; entries: ChangeEntry[]; nextCursor?: string };

async function journalOf(client: Client, business: string): Promise<Journal> {
  const read = await client.readResource({ uri: `acctkit://${business}/journal` });
  const [content] = read.contents;
  return JSON.parse(content && 'text' in content ? content.text : '{}') as Journal;
}

const withJournal = (connection: BusinessConnection, journal: ChangeJournal): BusinessConnection => ({
  ...connection,
  journal,
});

describe.each(['de', 'pt'] as const)('the change journal (%s)', (variant) => {
  const ids = { de: { bank: 1, type: 111 }, pt: { bank: 4, type: 301 } }[variant];
  const expense = {
    date: '2026-03-15',
    total: '123.45',
    bank_account_id: ids.bank,
    ledger_account_id: ids.type,
  };

  it('journals a create, an update and a delete with the fields before and after and the client', async () => {
    const connection = withJournal(connections[variant], createMemoryChangeJournal());
    const { client, close } = await mcpClient({ connections: [connection] });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(`acctkit://${variant}/journal`);
    expect((await journalOf(client, variant)).entries).toEqual([]);

    const created = await ok<{ record: { id: number } }>(client, 'create_expense', expense);
    const id = created.record.id;
    await ok(client, 'update_expense', { id, total: '200.00', confirm: true });
    await ok(client, 'delete_expense', { id, confirm: true });
    await ok(client, 'list_expenses', { limit: 1 });

    const journal = await journalOf(client, variant);
    expect(journal.business).toBe(variant);
    const [deleted, updated, made] = journal.entries;
    expect(journal.entries).toHaveLength(3);
    const common = {
      business: variant,
      kind: 'expenses',
      recordId: id,
      client: { name: 'test', version: '1.0.0' },
    };
    expect(made).toMatchObject({ ...common, tool: 'create_expense', operation: 'create', before: null });
    expect(made?.after).toMatchObject({ id, total: '123.45', date: '2026-03-15' });
    expect(made?.status).toBe(201);
    expect(updated).toMatchObject({ ...common, tool: 'update_expense', operation: 'update' });
    expect(updated?.before).toMatchObject({ total: '123.45' });
    expect(updated?.after).toMatchObject({ total: '200.00' });
    expect(updated?.status).toBe(200);
    expect(deleted).toMatchObject({ ...common, tool: 'delete_expense', operation: 'delete', after: null });
    expect(deleted?.before).toMatchObject({ id, total: '200.00' });
    expect(deleted?.status).toBeGreaterThanOrEqual(200);
    // Ordered by time, newest first, and amounts kept as the exact strings the service sent.
    expect(journal.entries.map((e) => e.at)).toEqual([...journal.entries.map((e) => e.at)].sort().reverse());
    expect(typeof updated?.after?.total).toBe('string');
    await close();
  });
});

describe('journal limits and storage', () => {
  const change = (recordId: number): NewChange => ({
    business: 'de',
    tool: 'update_contact',
    kind: 'contacts',
    recordId,
    operation: 'update',
    before: { name: 'a' },
    after: { name: 'b' },
    status: 200,
  });

  it('drops entries older than the retention, and the oldest beyond the maximum', async () => {
    const clock = { now: Date.parse('2026-11-01T00:00:00Z') };
    const journal = createMemoryChangeJournal({ retentionDays: 30, maxEntries: 3 }, () => clock.now);
    await journal.append(change(1));
    clock.now += 20 * 86_400_000;
    await journal.append(change(2));
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([2, 1]);
    clock.now += 11 * 86_400_000;
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([2]);
    for (const id of [3, 4, 5]) await journal.append(change(id));
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([5, 4, 3]);
    const first = await journal.list({ limit: 2 });
    expect(first.entries.map((e) => e.recordId)).toEqual([5, 4]);
    const next = await journal.list({ limit: 2, cursor: first.nextCursor });
    expect(next).toEqual({ entries: [expect.objectContaining({ recordId: 3 })] });
    expect((await journal.list({ recordId: 4, kind: 'contacts' })).entries).toHaveLength(1);
  });

  it('keeps a stored connection’s journal in a 0600 file beside the store, across restarts', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'acctkit-journal-'));
    const file = changeJournalFile(join(folder, 'connections.json'), variantName);
    expect(file).toBe(join(folder, 'changes-de.jsonl'));
    const clock = { now: Date.parse('2026-11-01T00:00:00Z') };
    const open = () => openFileChangeJournal(file, { retentionDays: 90, now: () => clock.now });

    const first = await mcpClient({ connections: [withJournal(connections.de, open())] });
    const created = await ok<{ record: { id: number } }>(first.client, 'create_contact', {
      name: 'Journal Test GmbH',
      contact_type_id: 2,
    });
    await first.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // A new server on the same file (a restart) reads what the first one wrote.
    const second = await mcpClient({ connections: [withJournal(connections.de, open())] });
    const journal = await journalOf(second.client, 'de');
    expect(journal.entries).toHaveLength(1);
    expect(journal.entries[0]).toMatchObject({
      tool: 'create_contact',
      recordId: created.record.id,
      after: { name: 'Journal Test GmbH' },
    });
    await second.close();

    // Past the retention the entry is dropped on read, and from the file on the next append.
    clock.now += 91 * 86_400_000;
    expect((await open().list()).entries).toEqual([]);
    await open().append(change(7));
    expect((await open().list()).entries.map((e) => e.recordId)).toEqual([7]);
  });
});

const variantName = 'de';

describe('stored connections', () => {
  it('journal to changes-<name>.jsonl beside the connection file', async () => {
    const { sandbox } = startSandbox();
    const folder = await mkdtemp(join(tmpdir(), 'acctkit-store-journal-'));
    const file = join(folder, 'connections.json');
    const minted = (await (
      await admin(sandbox, 'tokens', { business: 'de', scope: 'full_access' })
    ).json()) as {
      client_id: string;
      business_id: number;
    } & Parameters<typeof toTokenSet>[0];
    await openConnectionStore({ file }).put({
      name: 'books',
      baseUrl: BASE,
      authUrl: BASE,
      clientId: minted.client_id,
      country: 'de',
      variant: 'de',
      businessId: minted.business_id,
      businessName: 'Schneider Werbetechnik GmbH',
      scope: 'full_access',
      tokens: toTokenSet(minted),
      createdAt: new Date().toISOString(),
    });
    const [connection] = await connectFromStore(
      { ACCTKIT_CONNECTIONS_FILE: file, XDG_CONFIG_HOME: folder, HOME: folder },
      (request) => sandbox.fetch(request),
    );
    const { client, close } = await mcpClient({ connections: [connection as BusinessConnection] });
    await ok(client, 'create_contact', { name: 'Stored Journal GmbH', contact_type_id: 2 });
    await close();
    sandbox.close();
    const lines = readFileSync(join(folder, 'changes-books.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        business: 'books',
        tool: 'create_contact',
        after: expect.objectContaining({ name: 'Stored Journal GmbH' }),
      }),
    ]);
  });
});
