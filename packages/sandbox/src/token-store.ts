import type { SqliteDatabase } from './database.js';
import type { Scope } from './scope.js';
import { hashToken, randomToken } from './secrets.js';

/** A live access grant, looked up by access token. */
export interface Grant {
  readonly id: number;
  readonly clientId: string;
  readonly userId: number | null;
  readonly businessId: number;
  readonly scope: Scope;
  readonly expiresAt: number;
}

/** Issued tokens (returned once; only their hashes are stored). */
export interface IssuedTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
  readonly scope: Scope;
}

/** Whom a token pair is issued to, and the code it came from (for revocation on code reuse). */
export interface TokenGrant {
  readonly clientId: string;
  readonly userId: number | null;
  readonly businessId: number;
  readonly scope: Scope;
  readonly codeHash: string | null;
}

interface TokenRow {
  id: number;
  client_id: string;
  user_id: number | null;
  business_id: number;
  scope: Scope;
  expires_at: number;
  revoked_at: number | null;
  code_hash: string | null;
}

/** Access and refresh tokens, stored by SHA-256 hash and looked up through prepared statements. */
export class TokenStore {
  readonly #db: SqliteDatabase;
  readonly #insert;
  readonly #byAccess;
  readonly #byRefresh;
  readonly #revoke;
  readonly #revokeByCode;
  readonly #revokeBusiness;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#insert = db.prepare<[string, string, string, number | null, number, Scope, number, string | null]>(
      'INSERT INTO tokens (access_hash, refresh_hash, client_id, user_id, business_id, scope, expires_at, code_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#byAccess = db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE access_hash = ?');
    this.#byRefresh = db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE refresh_hash = ?');
    this.#revoke = db.prepare<[number, number]>('UPDATE tokens SET revoked_at = ? WHERE id = ?');
    this.#revokeBusiness = db.prepare<[number, number, string]>(
      'UPDATE tokens SET revoked_at = ? WHERE business_id = ? AND client_id = ? AND revoked_at IS NULL',
    );
    this.#revokeByCode = db.prepare<[number, string]>(
      'UPDATE tokens SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL',
    );
  }

  /** Issues an access and refresh token pair. */
  issue(g: TokenGrant, now: number, ttlSeconds: number): IssuedTokens {
    const accessToken = randomToken(20);
    const refreshToken = randomToken(20);
    this.#insert.run(
      hashToken(accessToken),
      hashToken(refreshToken),
      g.clientId,
      g.userId,
      g.businessId,
      g.scope,
      now + ttlSeconds * 1000,
      g.codeHash,
    );
    return { accessToken, refreshToken, expiresIn: ttlSeconds, scope: g.scope };
  }

  /** The grant of a live access token; `expired`, or `invalid` when unknown or revoked. */
  grant(accessToken: string, now: number): Grant | 'expired' | 'invalid' {
    const row = this.#byAccess.get(hashToken(accessToken));
    if (!row || row.revoked_at !== null) return 'invalid';
    if (row.expires_at <= now) return 'expired';
    return {
      id: row.id,
      clientId: row.client_id,
      userId: row.user_id,
      businessId: row.business_id,
      scope: row.scope,
      expiresAt: row.expires_at,
    };
  }

  /** Exchanges a refresh token: revokes the old pair and issues a new one, in one transaction. */
  refresh(
    refreshToken: string,
    clientId: string,
    now: number,
    ttlSeconds: number,
  ): IssuedTokens | 'invalid' | 'wrong_client' {
    return this.#db.transaction(() => {
      const row = this.#byRefresh.get(hashToken(refreshToken));
      if (!row || row.revoked_at !== null) return 'invalid' as const;
      if (row.client_id !== clientId) return 'wrong_client' as const;
      this.#revoke.run(now, row.id);
      return this.issue(
        {
          clientId,
          userId: row.user_id,
          businessId: row.business_id,
          scope: row.scope,
          codeHash: row.code_hash,
        },
        now,
        ttlSeconds,
      );
    })();
  }

  /**
   * Revokes the pair an access or refresh token belongs to (both tokens); returns the grant's
   * business and client, or undefined when the token is unknown.
   */
  revokePair(
    token: { accessToken?: string; refreshToken?: string },
    now: number,
  ): { businessId: number; clientId: string } | undefined {
    const row =
      token.accessToken !== undefined
        ? this.#byAccess.get(hashToken(token.accessToken))
        : token.refreshToken !== undefined
          ? this.#byRefresh.get(hashToken(token.refreshToken))
          : undefined;
    if (!row) return undefined;
    this.#revoke.run(now, row.id);
    return { businessId: row.business_id, clientId: row.client_id };
  }

  /** Revokes every token a client holds for a business, as a user removing the app at the service. */
  revokeBusiness(businessId: number, clientId: string, now: number): number {
    return this.#revokeBusiness.run(now, businessId, clientId).changes;
  }

  /** Revokes every token issued from a code (RFC 6749 §4.1.2: a reused code revokes what it issued). */
  revokeByCode(codeHash: string, now: number): void {
    this.#revokeByCode.run(now, codeHash);
  }
}
