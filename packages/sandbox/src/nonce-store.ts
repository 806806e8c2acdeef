import type { SqliteDatabase } from './database.js';

/** How many new nonces between two prunes of the expired ones. */
const PRUNE_EVERY = 1000;

/** Nonces seen on data calls, so that a replayed request is rejected. */
export class NonceStore {
  readonly #insert;
  readonly #prune;
  #inserts = 0;

  constructor(db: SqliteDatabase) {
    this.#insert = db.prepare<[string, number]>(
      'INSERT OR IGNORE INTO nonces (nonce, seen_at) VALUES (?, ?)',
    );
    this.#prune = db.prepare<[number]>('DELETE FROM nonces WHERE seen_at < ?');
  }

  /**
   * Remembers a nonce; false when it was seen before (a replay). Every thousandth new nonce prunes
   * those older than `keepMs` (one indexed range delete), so the table stays small without a timer.
   */
  remember(nonce: string, now: number, keepMs: number): boolean {
    const fresh = this.#insert.run(nonce, now).changes === 1;
    if (fresh && ++this.#inserts % PRUNE_EVERY === 0) this.#prune.run(now - keepMs);
    return fresh;
  }
}
