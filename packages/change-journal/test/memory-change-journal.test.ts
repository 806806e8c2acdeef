import { describe, expect, it } from 'vitest';
import { createMemoryChangeJournal, type NewChange, selectChanges } from '../src/index.js';

const DAY = 24 * 60 * 60 * 1000;

const change = (recordId: number, operation: NewChange['operation'] = 'update'): NewChange => ({
  business: 'de',
  tool: `${operation}_expense`,
  kind: 'expenses',
  recordId,
  operation,
  before: operation === 'create' ? null : { amount: '10.00' },
  after: operation === 'delete' ? null : { amount: '12.50' },
  status: 200,
});

describe('createMemoryChangeJournal', () => {
  it('lists entries newest first, by query, with ids that start with the time', async () => {
    let t = Date.UTC(2026, 10, 1);
    const journal = createMemoryChangeJournal({}, () => t);
    const first = await journal.append(change(1, 'create'));
    t += 1000;
    await journal.append(change(2, 'delete'));
    expect(first.id.startsWith(String(Date.UTC(2026, 10, 1)).padStart(13, '0'))).toBe(true);
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([2, 1]);
    expect((await journal.list({ operation: 'create' })).entries.map((e) => e.recordId)).toEqual([1]);
    expect((await journal.list({ id: first.id })).entries).toEqual([first]);
  });

  it('drops entries past the retention and the oldest beyond the maximum', async () => {
    let t = Date.UTC(2026, 10, 1);
    const journal = createMemoryChangeJournal({ retentionDays: 2, maxEntries: 2 }, () => t);
    await journal.append(change(1));
    t += 3 * DAY;
    await journal.append(change(2));
    await journal.append(change(3));
    await journal.append(change(4));
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([4, 3]);
  });

  it('runs exclusive calls one after another', async () => {
    const journal = createMemoryChangeJournal();
    const order: string[] = [];
    const slow = journal.exclusive?.(async () => {
      order.push('a start');
      await new Promise((r) => setTimeout(r, 20));
      order.push('a end');
    });
    const fast = journal.exclusive?.(async () => {
      order.push('b');
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['a start', 'a end', 'b']);
  });
});

describe('selectChanges', () => {
  it('pages with a cursor', async () => {
    let t = Date.UTC(2026, 10, 1);
    const journal = createMemoryChangeJournal({}, () => t++);
    for (let id = 1; id <= 3; id++) await journal.append(change(id));
    const all = (await journal.list()).entries;
    const first = selectChanges([...all].reverse(), { limit: 2 });
    expect(first.entries.map((e) => e.recordId)).toEqual([3, 2]);
    const rest = selectChanges([...all].reverse(), { limit: 2, cursor: first.nextCursor });
    expect(rest.entries.map((e) => e.recordId)).toEqual([1]);
  });
});
