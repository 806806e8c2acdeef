import type { SqliteDatabase } from './database.js';
import { fromRaw, type RawRow, ROW_COLUMNS, type Row } from './stored-row.js';

/** Every how many positions of an unfiltered list the id at that position is remembered. */
const PAGE_STRIDE = 128;

/** How many rendered pages are kept (the oldest go first). */
const MAX_PAGES = 64;

/** The counters migration 2's triggers keep per kind and business. */
interface Counts {
  readonly live: number;
  /** Changes when the set of live records changes (insert, delete, soft delete). */
  readonly version: number;
  /** Changes with every write. */
  readonly revision: number;
}

/** Ids at positions 0, 128, 256, … of the live records of one kind and business. */
interface Boundaries {
  readonly version: number;
  readonly ids: readonly number[];
}

/**
 * Unfiltered pages of live records, in id order, without `COUNT(*)` or a long `OFFSET`: the total
 * comes from `record_counts` (kept by triggers, whichever connection writes); a page starts with a
 * seek to the remembered id at the nearest stride boundary below `$startIndex`, so a deep page costs
 * about what the first one does. The boundaries are re-read (one index scan) after the set of live
 * records changed; rendered pages are reused until the next write to that kind and business.
 */
export class LivePages {
  readonly #counts;
  readonly #liveIds;
  readonly #seek;
  readonly #boundaries = new Map<string, Boundaries>();
  readonly #rendered = new Map<string, { readonly revision: number; readonly json: string }>();

  constructor(db: SqliteDatabase) {
    this.#counts = db.prepare<[string, number], Counts>(
      'SELECT live, version, revision FROM record_counts WHERE kind = ? AND business_id = ?',
    );
    this.#liveIds = db
      .prepare<[string, number], number>(
        'SELECT id FROM records WHERE kind = ? AND business_id = ? AND deleted_at IS NULL ORDER BY id',
      )
      .pluck();
    // Raw (array) rows: building one object per row costs more than the query on small pages.
    this.#seek = db
      .prepare<[string, number, number, number, number], RawRow>(
        `SELECT ${ROW_COLUMNS} FROM records WHERE kind = ? AND business_id = ? AND deleted_at IS NULL AND id >= ? ORDER BY id LIMIT ? OFFSET ?`,
      )
      .raw(true);
  }

  /** One page of rows and the live total. */
  rows(
    kind: string,
    businessId: number,
    startIndex: number,
    itemsPerPage: number,
  ): { total: number; rows: Row[] } {
    const counts = this.#counts.get(kind, businessId);
    return { total: counts?.live ?? 0, rows: this.#page(kind, businessId, counts, startIndex, itemsPerPage) };
  }

  /**
   * One page rendered by `render` (JSON text of the rows), reused while nothing of this kind and
   * business was written. `view` names the rendering (for example the variant) in the cache key.
   */
  rendered(
    kind: string,
    businessId: number,
    view: string,
    startIndex: number,
    itemsPerPage: number,
    render: (rows: Row[]) => string,
  ): { total: number; json: string } {
    const counts = this.#counts.get(kind, businessId);
    const total = counts?.live ?? 0;
    if (counts === undefined) return { total, json: render([]) };
    const key = `${kind}:${businessId}:${view}:${startIndex}:${itemsPerPage}`;
    const hit = this.#rendered.get(key);
    if (hit?.revision === counts.revision) return { total, json: hit.json };
    const json = render(this.#page(kind, businessId, counts, startIndex, itemsPerPage));
    if (hit !== undefined) this.#rendered.delete(key);
    else if (this.#rendered.size >= MAX_PAGES)
      this.#rendered.delete(this.#rendered.keys().next().value as string);
    this.#rendered.set(key, { revision: counts.revision, json });
    return { total, json };
  }

  #page(
    kind: string,
    businessId: number,
    counts: Counts | undefined,
    startIndex: number,
    itemsPerPage: number,
  ): Row[] {
    if (counts === undefined || startIndex >= counts.live) return [];
    const key = `${kind}:${businessId}`;
    let b = this.#boundaries.get(key);
    if (b?.version !== counts.version) {
      const all = this.#liveIds.all(kind, businessId);
      const ids: number[] = [];
      for (let i = 0; i < all.length; i += PAGE_STRIDE) ids.push(all[i] as number);
      b = { version: counts.version, ids };
      this.#boundaries.set(key, b);
    }
    const stride = Math.floor(startIndex / PAGE_STRIDE);
    const from = b.ids[stride] ?? 0;
    return this.#seek
      .all(kind, businessId, from, itemsPerPage, startIndex - stride * PAGE_STRIDE)
      .map(fromRaw);
  }
}
