import type { SqliteDatabase } from './database.js';
import type { Scope } from './scope.js';
import { hashToken } from './secrets.js';

/** What a new code is bound to. */
export interface AuthCodeGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly userId: number;
  readonly businessId: number;
  readonly scope: Scope;
  readonly expiresAt: number;
}

/** A stored authorization code (only its hash is kept). */
export interface AuthCode extends AuthCodeGrant {
  readonly codeHash: string;
  readonly usedAt: number | null;
}

interface CodeRow {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  user_id: number;
  business_id: number;
  scope: Scope;
  expires_at: number;
  used_at: number | null;
}

/** Authorization codes, stored by hash, single-use. */
export class AuthCodes {
  readonly #insert;
  readonly #get;
  readonly #use;

  constructor(db: SqliteDatabase) {
    this.#insert = db.prepare<[string, string, string, number, number, Scope, number]>(
      'INSERT INTO auth_codes (code_hash, client_id, redirect_uri, user_id, business_id, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.#get = db.prepare<[string], CodeRow>('SELECT * FROM auth_codes WHERE code_hash = ?');
    this.#use = db.prepare<[number, string]>(
      'UPDATE auth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL',
    );
  }

  /** Stores a new code (only its hash). */
  create(code: string, c: AuthCodeGrant): void {
    this.#insert.run(
      hashToken(code),
      c.clientId,
      c.redirectUri,
      c.userId,
      c.businessId,
      c.scope,
      c.expiresAt,
    );
  }

  /** The stored code, by the code itself. */
  get(code: string): AuthCode | undefined {
    const row = this.#get.get(hashToken(code));
    return (
      row && {
        codeHash: row.code_hash,
        clientId: row.client_id,
        redirectUri: row.redirect_uri,
        userId: row.user_id,
        businessId: row.business_id,
        scope: row.scope,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
      }
    );
  }

  /** Marks a code used; false when it already was (a race or a replay). */
  use(codeHash: string, now: number): boolean {
    return this.#use.run(now, codeHash).changes === 1;
  }
}
