import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NewChange } from '../src/index.js';
import { changeJournalFile, journalLimitsFromEnv, openFileChangeJournal } from '../src/node/index.js';

const change = (recordId: number): NewChange => ({
  business: 'de',
  tool: 'update_expense',
  kind: 'expenses',
  recordId,
  operation: 'update',
  before: { amount: '10.00' },
  after: { amount: '12.50' },
  status: 200,
});

describe('openFileChangeJournal', () => {
  it('appends one 0600 JSON line per change, and every concurrent append lands', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'acctkit-journal-')), 'changes-de.jsonl');
    const journal = openFileChangeJournal(file);
    await Promise.all(Array.from({ length: 10 }, (_, i) => journal.append(change(i + 1))));
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(10);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const reopened = openFileChangeJournal(file);
    expect(new Set((await reopened.list()).entries.map((e) => e.recordId)).size).toBe(10);
  });

  it('rewrites the file when the maximum drops the oldest entries', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'acctkit-journal-')), 'changes-de.jsonl');
    const journal = openFileChangeJournal(file, { maxEntries: 2 });
    for (let id = 1; id <= 3; id++) await journal.append(change(id));
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([3, 2]);
  });
});

describe('changeJournalFile', () => {
  it('names the file beside the connection file and refuses names that leave the folder', () => {
    expect(changeJournalFile('/home/ann/.config/acctkit/connections.json', 'de')).toBe(
      '/home/ann/.config/acctkit/changes-de.jsonl',
    );
    expect(() => changeJournalFile('/home/ann/.config/acctkit/connections.json', '../x')).toThrow(
      /not a valid connection name/,
    );
  });
});

describe('journalLimitsFromEnv', () => {
  it('reads whole numbers of at least 1 and leaves the rest to the defaults', () => {
    expect(
      journalLimitsFromEnv({ ACCTKIT_JOURNAL_RETENTION_DAYS: '30', ACCTKIT_JOURNAL_MAX_ENTRIES: '0' }),
    ).toEqual({ retentionDays: 30 });
  });
});
