import type { SqliteDatabase } from './database.js';
import { hashToken } from './secrets.js';

/** Sign-in sessions of the authorization pages, stored by the hash of the session id. */
export class SessionStore {
  readonly #insert;
  readonly #get;
  readonly #delete;

  constructor(db: SqliteDatabase) {
    this.#insert = db.prepare<[string, number, string, number]>(
      'INSERT INTO sessions (id_hash, user_id, csrf, expires_at) VALUES (?, ?, ?, ?)',
    );
    this.#get = db.prepare<[string], { user_id: number; csrf: string; expires_at: number }>(
      'SELECT user_id, csrf, expires_at FROM sessions WHERE id_hash = ?',
    );
    this.#delete = db.prepare<[string]>('DELETE FROM sessions WHERE id_hash = ?');
  }

  /** Stores a session with its CSRF token for the consent form. */
  create(sessionId: string, userId: number, csrf: string, expiresAt: number): void {
    this.#insert.run(hashToken(sessionId), userId, csrf, expiresAt);
  }

  /** The live session, or `undefined` when unknown or expired. */
  get(sessionId: string, now: number): { userId: number; csrf: string } | undefined {
    const row = this.#get.get(hashToken(sessionId));
    return row && row.expires_at > now ? { userId: row.user_id, csrf: row.csrf } : undefined;
  }

  delete(sessionId: string): void {
    this.#delete.run(hashToken(sessionId));
  }
}
