import { type AuthCode, type AuthCodeGrant, AuthCodes } from './auth-codes.js';
import type { SqliteDatabase } from './database.js';
import type { BusinessData } from './models.js';
import { NonceStore } from './nonce-store.js';
import { SessionStore } from './session-store.js';
import { type Grant, type IssuedTokens, type TokenGrant, TokenStore } from './token-store.js';
import type { Variant } from './variant.js';

export type { Scope } from './scope.js';
export type { Grant, IssuedTokens } from './token-store.js';

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

/**
 * Who is who: businesses, users and clients, plus (delegated to their stores) authorization codes,
 * tokens, nonces and sign-in sessions. Every statement is prepared once.
 */
export class Directory {
  readonly #codes: AuthCodes;
  readonly #tokens: TokenStore;
  readonly #nonces: NonceStore;
  readonly #sessions: SessionStore;
  readonly #business;
  readonly #businesses;
  readonly #updateBusiness;
  readonly #client;
  readonly #clients;
  readonly #user;
  readonly #userByEmail;
  readonly #updateUser;
  readonly #owned;
  readonly #owner;

  constructor(db: SqliteDatabase) {
    this.#codes = new AuthCodes(db);
    this.#tokens = new TokenStore(db);
    this.#nonces = new NonceStore(db);
    this.#sessions = new SessionStore(db);
    this.#business = db.prepare<[number], BusinessRow>('SELECT * FROM businesses WHERE id = ?');
    this.#businesses = db.prepare<[], BusinessRow>('SELECT * FROM businesses ORDER BY id');
    this.#updateBusiness = db.prepare<[string, number]>('UPDATE businesses SET data = ? WHERE id = ?');
    this.#client = db.prepare<[string], ClientRow>('SELECT * FROM clients WHERE client_id = ?');
    this.#clients = db.prepare<[], ClientRow>('SELECT * FROM clients ORDER BY rowid');
    this.#user = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
    this.#userByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ? COLLATE NOCASE');
    this.#updateUser = db.prepare<[string, string, number]>(
      'UPDATE users SET first_name = ?, last_name = ? WHERE id = ?',
    );
    this.#owned = db.prepare<[number], BusinessRow>(
      'SELECT b.* FROM ownerships o JOIN businesses b ON b.id = o.business_id WHERE o.user_id = ? ORDER BY b.id',
    );
    this.#owner = db.prepare<[number], { user_id: number }>(
      'SELECT user_id FROM ownerships WHERE business_id = ? ORDER BY user_id LIMIT 1',
    );
  }

  business(id: number): Business | undefined {
    const row = this.#business.get(id);
    return row && toBusiness(row);
  }

  businesses(): Business[] {
    return this.#businesses.all().map(toBusiness);
  }

  updateBusiness(id: number, data: BusinessData): void {
    this.#updateBusiness.run(JSON.stringify(data), id);
  }

  client(clientId: string): Client | undefined {
    const row = this.#client.get(clientId);
    return row && toClient(row);
  }

  clients(): Client[] {
    return this.#clients.all().map(toClient);
  }

  user(id: number): User | undefined {
    const row = this.#user.get(id);
    return row && toUser(row);
  }

  userByEmail(email: string): User | undefined {
    const row = this.#userByEmail.get(email);
    return row && toUser(row);
  }

  updateUser(id: number, firstName: string, lastName: string): void {
    this.#updateUser.run(firstName, lastName, id);
  }

  /** Businesses the user owns, in id order. */
  ownedBusinesses(userId: number): Business[] {
    return this.#owned.all(userId).map(toBusiness);
  }

  /** The first owner of a business (tokens minted by the admin API act as this user). */
  ownerOf(businessId: number): number | null {
    return this.#owner.get(businessId)?.user_id ?? null;
  }

  /** Stores a new authorization code (only its hash). */
  createCode(code: string, c: AuthCodeGrant): void {
    this.#codes.create(code, c);
  }

  /** The stored code row, by the code itself. */
  code(code: string): AuthCode | undefined {
    return this.#codes.get(code);
  }

  /** Marks a code used; returns false when it already was (a race or a replay). */
  useCode(codeHash: string, now: number): boolean {
    return this.#codes.use(codeHash, now);
  }

  /** Revokes every token issued from a code (RFC 6749 §4.1.2: a reused code revokes what it issued). */
  revokeByCode(codeHash: string, now: number): void {
    this.#tokens.revokeByCode(codeHash, now);
  }

  /** Issues an access and refresh token pair. */
  issueTokens(g: TokenGrant, now: number, ttlSeconds: number): IssuedTokens {
    return this.#tokens.issue(g, now, ttlSeconds);
  }

  /** The grant of a live access token; `expired`, or `invalid` when unknown or revoked. */
  grant(accessToken: string, now: number): Grant | 'expired' | 'invalid' {
    return this.#tokens.grant(accessToken, now);
  }

  /** Revokes the token pair an access or refresh token belongs to; undefined when unknown. */
  revokePair(
    token: { accessToken?: string; refreshToken?: string },
    now: number,
  ): { businessId: number; clientId: string } | undefined {
    return this.#tokens.revokePair(token, now);
  }

  /** Revokes every token a client holds for a business. */
  revokeBusiness(businessId: number, clientId: string, now: number): number {
    return this.#tokens.revokeBusiness(businessId, clientId, now);
  }

  /** Exchanges a refresh token: revokes the old pair and issues a new one, in one transaction. */
  refresh(
    refreshToken: string,
    clientId: string,
    now: number,
    ttlSeconds: number,
  ): IssuedTokens | 'invalid' | 'wrong_client' {
    return this.#tokens.refresh(refreshToken, clientId, now, ttlSeconds);
  }

  /** Remembers a nonce; false when it was seen before (a replay). Old nonces are pruned now and then. */
  rememberNonce(nonce: string, now: number, keepMs: number): boolean {
    return this.#nonces.remember(nonce, now, keepMs);
  }

  createSession(sessionId: string, userId: number, csrf: string, expiresAt: number): void {
    this.#sessions.create(sessionId, userId, csrf, expiresAt);
  }

  session(sessionId: string, now: number): { userId: number; csrf: string } | undefined {
    return this.#sessions.get(sessionId, now);
  }

  deleteSession(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }
}

function toBusiness(row: BusinessRow): Business {
  return { id: row.id, country: row.country, guid: row.guid, data: JSON.parse(row.data) as BusinessData };
}

function toClient(row: ClientRow): Client {
  return {
    clientId: row.client_id,
    clientSecret: row.client_secret,
    signingSecret: row.signing_secret,
    name: row.name,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    grantTypes: JSON.parse(row.grant_types) as string[],
  };
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
