import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.js';
import { LivePages } from './live-pages.js';
import type { Row } from './stored-row.js';
import { WireCache } from './wire-cache.js';

/** The kinds of business records kept in the `records` table. */
export type RecordKind = 'contact' | 'bank_account' | 'expense' | 'income' | 'product';

/** A stored record with its bookkeeping columns. */
export interface StoredRecord<T> {
  readonly id: number;
  readonly businessId: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deletedAt: number | null;
  readonly data: T;
}

/** A list query: extra SQL conditions on `data` (via `json_extract`), paging, deleted-since. */
export interface ListQuery {
  readonly where?: readonly string[];
  readonly params?: readonly (string | number)[];
  readonly startIndex: number;
  readonly itemsPerPage: number;
  /** Records created, updated or deleted at or after this instant, deleted ones included. */
  readonly changedSince?: number | undefined;
}

/** Stores business records as JSON documents in SQLite; every write is one statement or transaction. */
export class RecordStore {
  readonly #db: SqliteDatabase;
  readonly #get;
  readonly #pages: LivePages;
  readonly #wire = new WireCache();
  readonly #nextId;
  readonly #insert;
  readonly #update;
  readonly #delete;
  readonly #statements = new Map<string, Statement<unknown[]>>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#get = db.prepare<[string, number, number], Row>(
      'SELECT * FROM records WHERE kind = ? AND business_id = ? AND id = ? AND deleted_at IS NULL',
    );
    this.#nextId = db.prepare<[string], { next: number }>(
      'SELECT COALESCE(MAX(id), 0) + 1 AS next FROM records WHERE kind = ?',
    );
    this.#insert = db.prepare(
      'INSERT INTO records (kind, id, business_id, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#update = db.prepare(
      'UPDATE records SET data = ?, updated_at = ? WHERE kind = ? AND business_id = ? AND id = ? AND deleted_at IS NULL',
    );
    this.#delete = db.prepare(
      'UPDATE records SET deleted_at = ?, updated_at = ? WHERE kind = ? AND business_id = ? AND id = ? AND deleted_at IS NULL',
    );
    this.#pages = new LivePages(db);
  }

  /** Inserts a record and returns its new id (ids are unique per kind across businesses). */
  insert<T>(kind: RecordKind, businessId: number, build: (id: number) => T, now: number): StoredRecord<T> {
    return this.#db.transaction(() => {
      const id = (this.#nextId.get(kind) as { next: number }).next;
      const data = build(id);
      this.#insert.run(kind, id, businessId, now, now, JSON.stringify(data));
      return { id, businessId, createdAt: now, updatedAt: now, deletedAt: null, data };
    })();
  }

  /** The live (not deleted) record, or `undefined`. */
  get<T>(kind: RecordKind, businessId: number, id: number): StoredRecord<T> | undefined {
    const row = this.#get.get(kind, businessId, id);
    return row ? toRecord<T>(row) : undefined;
  }

  /** Replaces a record's data. */
  update<T>(kind: RecordKind, businessId: number, id: number, data: T, now: number): void {
    this.#update.run(JSON.stringify(data), now, kind, businessId, id);
  }

  /** Soft-deletes a record (it stays visible to `changedSince` queries). */
  delete(kind: RecordKind, businessId: number, id: number, now: number): void {
    this.#delete.run(now, now, kind, businessId, id);
  }

  /** Runs `fn` in one transaction. */
  transaction<R>(fn: () => R): R {
    return this.#db.transaction(fn)();
  }

  /** One page of records in id order and the total that match. */
  list<T>(kind: RecordKind, businessId: number, q: ListQuery): { total: number; records: StoredRecord<T>[] } {
    const page = this.#listRows(kind, businessId, q);
    return { total: page.total, records: page.rows.map((r) => toRecord<T>(r)) };
  }

  /**
   * One page as the JSON text of its resources (`[…]` without the brackets): each record rendered by
   * `body`, reused while the record is unchanged, and a whole unfiltered page reused until the next
   * write to this kind and business. `body` must depend on the record (and static data) only;
   * `variant` is part of the cache keys.
   */
  listJson<T>(
    kind: RecordKind,
    businessId: number,
    variant: string,
    q: ListQuery,
    body: (record: StoredRecord<T>) => unknown,
  ): { total: number; json: string } {
    const render = (rows: Row[]): string =>
      rows
        .map((r) => this.#wire.json(`${kind}:${variant}:${r.id}`, r.data, () => body(toRecord<T>(r))))
        .join(',');
    if (isUnfiltered(q))
      return this.#pages.rendered(kind, businessId, variant, q.startIndex, q.itemsPerPage, render);
    const page = this.#listRows(kind, businessId, q);
    return { total: page.total, json: render(page.rows) };
  }

  #listRows(kind: RecordKind, businessId: number, q: ListQuery): { total: number; rows: Row[] } {
    if (isUnfiltered(q)) return this.#pages.rows(kind, businessId, q.startIndex, q.itemsPerPage);
    const conds = ['kind = ?', 'business_id = ?', ...(q.where ?? [])];
    const params: (string | number)[] = [kind, businessId, ...(q.params ?? [])];
    if (q.changedSince === undefined) conds.push('deleted_at IS NULL');
    else {
      conds.push('(updated_at >= ? OR created_at >= ?)');
      params.push(q.changedSince, q.changedSince);
    }
    const where = conds.join(' AND ');
    const total = (
      this.#prepare(`SELECT COUNT(*) AS n FROM records WHERE ${where}`).get(...params) as { n: number }
    ).n;
    const rows = this.#prepare(`SELECT * FROM records WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`).all(
      ...params,
      q.itemsPerPage,
      q.startIndex,
    ) as Row[];
    return { total, rows };
  }

  // List queries are built from a few fixed shapes, so caching their statements is bounded.
  #prepare(sql: string): Statement<unknown[]> {
    let st = this.#statements.get(sql);
    if (!st) {
      st = this.#db.prepare(sql);
      this.#statements.set(sql, st);
    }
    return st;
  }

  /** Whether any live record of `kind` in the business has `data.<field>` equal to `value`. */
  isReferenced(kind: RecordKind, businessId: number, field: string, value: number): boolean {
    const row = this.#prepare(
      'SELECT 1 FROM records WHERE kind = ? AND business_id = ? AND deleted_at IS NULL AND json_extract(data, ?) = ? LIMIT 1',
    ).get(kind, businessId, `$.${field}`, value);
    return row !== undefined;
  }
}

/** Live records with no filter: served by {@link LivePages}. */
function isUnfiltered(q: ListQuery): boolean {
  return (q.where ?? []).length === 0 && q.changedSince === undefined;
}

function toRecord<T>(row: Row): StoredRecord<T> {
  return {
    id: row.id,
    businessId: row.business_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    data: JSON.parse(row.data) as T,
  };
}
