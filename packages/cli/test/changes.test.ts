/**
 * `acctkit changes`, run as the built bin: the journal files that the MCP server writes beside the
 * connection file, printed as text and as JSON, filtered by connection, date and record.
 */
import type { NewChange } from '@acctkit/change-journal';
import { changeJournalFile, openFileChangeJournal } from '@acctkit/change-journal/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acctkit, startWorld, storeConnection, type World } from './helpers.js';

let world: World;
const DAY = 86_400_000;
const now = Date.now();

const expense = (operation: NewChange['operation'], before: unknown, after: unknown): NewChange => ({
  business: 'demo-de',
  client: { name: 'claude-desktop', version: '1.2.0' },
  tool: `${operation}_expense`,
  kind: 'expenses',
  recordId: 42,
  operation,
  before: before as NewChange['before'],
  after: after as NewChange['after'],
  status: operation === 'create' ? 201 : 200,
});

beforeAll(async () => {
  world = await startWorld();
  await storeConnection(world, 'demo-de', 'de');
  await storeConnection(world, 'demo-pt', 'pt');
  const at = (t: number) => () => t;
  const de = changeJournalFile(world.connectionsFile, 'demo-de');
  const pt = changeJournalFile(world.connectionsFile, 'demo-pt');
  await openFileChangeJournal(de, { now: at(now - 3 * DAY) }).append(
    expense('create', null, { id: 42, total: '123.45', date: '2026-03-15' }),
  );
  await openFileChangeJournal(de, { now: at(now - DAY) }).append(
    expense(
      'update',
      { id: 42, total: '123.45', date: '2026-03-15' },
      { id: 42, total: '200.00', date: '2026-03-15' },
    ),
  );
  await openFileChangeJournal(pt, { now: at(now - 2 * DAY) }).append({
    business: 'demo-pt',
    oauthClientId: 'client-abc',
    tool: 'delete_contact',
    kind: 'contacts',
    recordId: 7,
    operation: 'delete',
    before: { id: 7, name: 'Ana' },
    after: null,
    status: 204,
  });
}, 30_000);
afterAll(() => world?.close());

const run = (...args: string[]) => acctkit(['changes', ...args], world.env());

describe('acctkit changes', () => {
  it('prints every connection’s changes, newest first, with the fields an update changed', async () => {
    const r = await run();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+AT\s+CONNECTION\s+TOOL\s+RECORD\s+CLIENT\s+STATUS$/);
    // Each line starts with the entry's id, which undo_change takes.
    expect(lines[1]).toMatch(/^\d{13}-[0-9a-f]{10}\s/);
    expect(lines[1]).toMatch(/demo-de\s+update_expense\s+expenses:42\s+claude-desktop 1\.2\.0\s+200$/);
    expect(lines[2]).toBe('    total: 123.45 → 200.00');
    expect(lines[3]).toMatch(/demo-pt\s+delete_contact\s+contacts:7\s+client-abc\s+204$/);
    expect(lines[4]).toMatch(/demo-de\s+create_expense\s+expenses:42\s+claude-desktop 1\.2\.0\s+201$/);
    expect(lines).toHaveLength(5);
  });

  it('--json gives the entries with the fields before and after, amounts as strings', async () => {
    const r = await run('--json', '--connection', 'demo-de');
    expect(r.code).toBe(0);
    const entries = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(entries.map((e) => e.tool)).toEqual(['update_expense', 'create_expense']);
    expect(entries[0]).toMatchObject({
      business: 'demo-de',
      client: { name: 'claude-desktop', version: '1.2.0' },
      recordId: 42,
      before: { total: '123.45' },
      after: { total: '200.00' },
      status: 200,
    });
  });

  it('filters by --since, --until, --tool and --record', async () => {
    const until = new Date(now - 1.5 * DAY).toISOString();
    const older = JSON.parse((await run('--json', '--until', until)).stdout) as { tool: string }[];
    expect(older.map((e) => e.tool)).toEqual(['delete_contact', 'create_expense']);
    const byTool = JSON.parse((await run('--json', '--tool', 'delete_contact')).stdout) as { tool: string }[];
    expect(byTool.map((e) => e.tool)).toEqual(['delete_contact']);
    expect((await run('--until', 'soon')).stderr).toContain('--until takes a date (2026-11-01)');
  });

  it('filters by --since and --record', async () => {
    const since = new Date(now - 2.5 * DAY).toISOString();
    const recent = JSON.parse((await run('--json', '--since', since)).stdout) as { tool: string }[];
    expect(recent.map((e) => e.tool)).toEqual(['update_expense', 'delete_contact']);
    const one = JSON.parse((await run('--json', '--record', 'contacts:7')).stdout) as { tool: string }[];
    expect(one.map((e) => e.tool)).toEqual(['delete_contact']);
    const none = await run('--record', 'expenses:43');
    expect(none).toMatchObject({ code: 0, stdout: '', stderr: 'No changes journaled.\n' });
  });

  it('says what is wrong with a connection, a date or a record, and what was meant', async () => {
    const unknown = await run('--connection', 'demo-dee');
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("There is no connection named 'demo-dee'. Did you mean 'demo-de'?");
    const date = await run('--since', 'yesterday');
    expect(date.code).toBe(2);
    expect(date.stderr).toBe(
      "acctkit: --since takes a date (2026-11-01) or a date-time (2026-11-01T09:00Z), not 'yesterday'. Run `acctkit changes --help`.\n",
    );
    const kind = await run('--record', 'expense:42');
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain("No changes of kind 'expense'. Did you mean 'expenses'?");
    const option = await run('--sinse', '2026-11-01');
    expect(option.stderr).toContain("Unknown option '--sinse'. Did you mean '--since'?");
  });
});
