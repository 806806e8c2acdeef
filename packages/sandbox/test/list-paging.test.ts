import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/database.js';
import { MIGRATIONS } from '../src/migrations.js';
import { RecordStore } from '../src/record-store.js';
import { type Credentials, callJson, mintToken, testSandbox } from './helpers.js';

// On a file, so that a second connection (as another process would) can write behind the app's back.
const pagingDir = mkdtempSync(join(tmpdir(), 'acctkit-paging-'));
const sb = testSandbox({ database: join(pagingDir, 'paging.sqlite') });
const other = openDatabase(join(pagingDir, 'paging.sqlite'));
afterAll(() => {
  sb.close();
  other.close();
  rmSync(pagingDir, { recursive: true, force: true });
});

type Page = { $totalResults: number; $resources: { id: number; name: string }[] };

describe('unfiltered list pages (counted by triggers, seeking from remembered boundaries)', () => {
  let de: Credentials;
  beforeAll(async () => {
    de = await mintToken(sb, 'de');
  });
  const page = async (query: string): Promise<Page> => {
    const res = await callJson(sb, de, 'GET', `/accounts/v2/contacts?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  // `search=` matches every contact but takes the filtered path (COUNT(*) and OFFSET): the reference.
  const same = async (start: number, size = 7): Promise<void> => {
    const fast = await page(`$startIndex=${start}&$itemsPerPage=${size}`);
    const slow = await page(`search=&$startIndex=${start}&$itemsPerPage=${size}`);
    expect(fast.$totalResults).toBe(slow.$totalResults);
    expect(fast.$resources).toEqual(slow.$resources);
  };
  const starts = [0, 1, 126, 127, 128, 129, 255, 256, 290, 299, 300, 301, 5000];

  it('listContacts: every page across the stride boundaries equals the filtered path, before and after inserts, soft deletes and updates', async () => {
    for (const s of starts) await same(s);
    const first = await page('$startIndex=0&$itemsPerPage=200');
    const ids = first.$resources.map((r) => r.id);
    // Soft-delete records before and after the first boundary, so every later position shifts; written
    // through another connection (the counts are kept by triggers, whichever connection writes).
    const store = new RecordStore(other);
    for (const id of [ids[3], ids[130], ids[199]]) store.delete('contact', 1, id as number, Date.now());
    const created = await callJson(sb, de, 'POST', '/accounts/v2/contacts', {
      body: { 'contact[name]': 'Paging Probe', 'contact[contact_type_id]': '1' },
    });
    expect(created.status).toBe(201);
    for (const s of starts) await same(s);
    const after = await page('$startIndex=0&$itemsPerPage=1');
    expect(after.$totalResults).toBe(first.$totalResults - 3 + 1);

    const last = await page(`$startIndex=${after.$totalResults - 1}&$itemsPerPage=1`);
    expect(last.$resources[0]?.name).toBe('Paging Probe');
    const renamed = await callJson(sb, de, 'PUT', `/accounts/v2/contacts/${created.body.id}`, {
      body: { 'contact[name]': 'Paging Probe Renamed' },
    });
    expect(renamed.status).toBe(200);
    const again = await page(`$startIndex=${after.$totalResults - 1}&$itemsPerPage=1`);
    expect(again.$resources[0]?.name).toBe('Paging Probe Renamed');
  });

  it('listContacts: a reset brings back the demo total and pages', async () => {
    sb.reset();
    const fresh = await mintToken(sb, 'de');
    const res = await callJson(sb, fresh, 'GET', '/accounts/v2/contacts?$startIndex=299&$itemsPerPage=5');
    expect(res.body.$totalResults).toBe(300);
    expect(res.body.$resources).toHaveLength(1);
  });
});

describe('migration 2 on a file from an older sandbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'acctkit-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backfills the live counts of existing records', () => {
    const file = join(dir, 'old.sqlite');
    const old = new Database(file);
    old.exec(MIGRATIONS[0] as string);
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO businesses (id, country, guid, data) VALUES (1, 'de', 'g-1', '{}')").run();
    const insert = old.prepare(
      "INSERT INTO records (kind, id, business_id, created_at, updated_at, deleted_at, data) VALUES ('product', ?, 1, 0, 0, ?, '{}')",
    );
    for (let id = 1; id <= 10; id++) insert.run(id, id % 5 === 0 ? 1 : null);
    old.close();

    // The migration itself is the unit under test: opened as the sandbox opens it, read as it reads.
    const db = openDatabase(file);
    try {
      const page = new RecordStore(db).list('product', 1, { startIndex: 6, itemsPerPage: 5 });
      expect(page.total).toBe(8);
      expect(page.records.map((r) => r.id)).toEqual([8, 9]);
    } finally {
      db.close();
    }
  });
});
