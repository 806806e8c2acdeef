import type { SqliteDatabase } from './database.js';
import type { BusinessData } from './models.js';
import { hashToken, randomToken } from './secrets.js';
import type { Variant } from './variant.js';

/** A business of the sandbox. */
export interface Business {
  readonly id: number;
  readonly country: Variant;
  readonly guid: string;
  readonly data: BusinessData;
}

/** A registered client application. */
export interface Client {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
}

/** A user who can sign in on the authorization page. */
export interface User {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly passwordHash: string;
}

/** Scopes of the API. */
export type Scope = 'readonly' | 'full_access';

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

interface BusinessRow {
  id: number;
  country: Variant;
  guid: string;
  data: string;
}
interface ClientRow {
  client_id: string;
  client_secret: string;
  signing_secret: string;
  name: string;
  redirect_uris: string;
  grant_types: string;
}
interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
}

/** Businesses, users, clients, codes, tokens, nonces and sessions. */
export class Directory {
  readonly #db: SqliteDatabase;
  readonly #business;
  readonly #grant;
  readonly #nonce;
  #nonceInserts = 0;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#business = db.prepare<[number], BusinessRow>('SELECT * FROM businesses WHERE id = ?');
    this.#grant = db.prepare<
      [string],
      {
        id: number;
        client_id: string;
        user_id: number | null;
        business_id: number;
        scope: Scope;
        expires_at: number;
        revoked_at: number | null;
      }
    >('SELECT * FROM tokens WHERE access_hash = ?');
    this.#nonce = db.prepare('INSERT OR IGNORE INTO nonces (nonce, seen_at) VALUES (?, ?)');
  }

  business(id: number): Business | undefined {
    const row = this.#business.get(id);
    return (
      row && { id: row.id, country: row.country, guid: row.guid, data: JSON.parse(row.data) as BusinessData }
    );
  }

  businesses(): Business[] {
    return (this.#db.prepare('SELECT * FROM businesses ORDER BY id').all() as BusinessRow[]).map((row) => ({
      id: row.id,
      country: row.country,
      guid: row.guid,
      data: JSON.parse(row.data) as BusinessData,
    }));
  }

  updateBusiness(id: number, data: BusinessData): void {
    this.#db.prepare('UPDATE businesses SET data = ? WHERE id = ?').run(JSON.stringify(data), id);
  }

  client(clientId: string): Client | undefined {
    const row = this.#db.prepare('SELECT * FROM clients WHERE client_id = ?').get(clientId) as
      | ClientRow
      | undefined;
    return (
      row && {
        clientId: row.client_id,
        clientSecret: row.client_secret,
        signingSecret: row.signing_secret,
        name: row.name,
        redirectUris: JSON.parse(row.redirect_uris) as string[],
        grantTypes: JSON.parse(row.grant_types) as string[],
      }
    );
  }

  clients(): Client[] {
    return (
      this.#db.prepare('SELECT client_id FROM clients ORDER BY rowid').all() as { client_id: string }[]
    ).map((r) => this.client(r.client_id) as Client);
  }

  user(id: number): User | undefined {
    const row = this.#db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    return row && toUser(row);
  }

  userByEmail(email: string): User | undefined {
    const row = this.#db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email) as
      | UserRow
      | undefined;
    return row && toUser(row);
  }

  updateUser(id: number, firstName: string, lastName: string): void {
    this.#db
      .prepare('UPDATE users SET first_name = ?, last_name = ? WHERE id = ?')
      .run(firstName, lastName, id);
  }

  /** Businesses the user owns, in id order. */
  ownedBusinesses(userId: number): Business[] {
    const ids = this.#db
      .prepare('SELECT business_id FROM ownerships WHERE user_id = ? ORDER BY business_id')
      .all(userId) as {
      business_id: number;
    }[];
    return ids.map((r) => this.business(r.business_id) as Business);
  }

  /** The first owner of a business (tokens minted by the admin API act as this user). */
  ownerOf(businessId: number): number | null {
    const row = this.#db
      .prepare('SELECT user_id FROM ownerships WHERE business_id = ? ORDER BY user_id LIMIT 1')
      .get(businessId) as { user_id: number } | undefined;
    return row?.user_id ?? null;
  }

  /** Stores a new authorization code (only its hash). */
  createCode(
    code: string,
    c: {
      clientId: string;
      redirectUri: string;
      userId: number;
      businessId: number;
      scope: Scope;
      expiresAt: number;
    },
  ): void {
    this.#db
      .prepare(
        'INSERT INTO auth_codes (code_hash, client_id, redirect_uri, user_id, business_id, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(hashToken(code), c.clientId, c.redirectUri, c.userId, c.businessId, c.scope, c.expiresAt);
  }

  /** The stored code row, by the code itself. */
  code(code: string):
    | {
        codeHash: string;
        clientId: string;
        redirectUri: string;
        userId: number;
        businessId: number;
        scope: Scope;
        expiresAt: number;
        usedAt: number | null;
      }
    | undefined {
    const row = this.#db.prepare('SELECT * FROM auth_codes WHERE code_hash = ?').get(hashToken(code)) as
      | {
          code_hash: string;
          client_id: string;
          redirect_uri: string;
          user_id: number;
          business_id: number;
          scope: Scope;
          expires_at: number;
          used_at: number | null;
        }
      | undefined;
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

  /** Marks a code used; returns false when it already was (a race or a replay). */
  useCode(codeHash: string, now: number): boolean {
    return (
      this.#db
        .prepare('UPDATE auth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL')
        .run(now, codeHash).changes === 1
    );
  }

  /** Revokes every token issued from a code (RFC 6749 §4.1.2: a reused code revokes what it issued). */
  revokeByCode(codeHash: string, now: number): void {
    this.#db
      .prepare('UPDATE tokens SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL')
      .run(now, codeHash);
  }

  /** Issues an access and refresh token pair. */
  issueTokens(
    g: { clientId: string; userId: number | null; businessId: number; scope: Scope; codeHash: string | null },
    now: number,
    ttlSeconds: number,
  ): IssuedTokens {
    const accessToken = randomToken(20);
    const refreshToken = randomToken(20);
    this.#db
      .prepare(
        'INSERT INTO tokens (access_hash, refresh_hash, client_id, user_id, business_id, scope, expires_at, code_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
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

  /** The grant of a live (not revoked, not expired) access token. */
  grant(accessToken: string, now: number): Grant | undefined {
    const row = this.#grant.get(hashToken(accessToken));
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
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
      const row = this.#db
        .prepare('SELECT * FROM tokens WHERE refresh_hash = ?')
        .get(hashToken(refreshToken)) as
        | {
            id: number;
            client_id: string;
            user_id: number | null;
            business_id: number;
            scope: Scope;
            revoked_at: number | null;
            code_hash: string | null;
          }
        | undefined;
      if (!row || row.revoked_at !== null) return 'invalid' as const;
      if (row.client_id !== clientId) return 'wrong_client' as const;
      this.#db.prepare('UPDATE tokens SET revoked_at = ? WHERE id = ?').run(now, row.id);
      return this.issueTokens(
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

  /** Remembers a nonce; false when it was seen before (a replay). Old nonces are pruned now and then. */
  rememberNonce(nonce: string, now: number, keepMs: number): boolean {
    const fresh = this.#nonce.run(nonce, now).changes === 1;
    if (fresh && ++this.#nonceInserts % 1000 === 0)
      this.#db.prepare('DELETE FROM nonces WHERE seen_at < ?').run(now - keepMs);
    return fresh;
  }

  createSession(sessionId: string, userId: number, csrf: string, expiresAt: number): void {
    this.#db
      .prepare('INSERT INTO sessions (id_hash, user_id, csrf, expires_at) VALUES (?, ?, ?, ?)')
      .run(hashToken(sessionId), userId, csrf, expiresAt);
  }

  session(sessionId: string, now: number): { userId: number; csrf: string } | undefined {
    const row = this.#db
      .prepare('SELECT user_id, csrf, expires_at FROM sessions WHERE id_hash = ?')
      .get(hashToken(sessionId)) as { user_id: number; csrf: string; expires_at: number } | undefined;
    return row && row.expires_at > now ? { userId: row.user_id, csrf: row.csrf } : undefined;
  }

  deleteSession(sessionId: string): void {
    this.#db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashToken(sessionId));
  }
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
  };
}
