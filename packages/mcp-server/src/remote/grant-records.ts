/** What the remote server stores, by key kind (see `stored-keys.ts`). Tokens and codes are keyed by their SHA-256, never in clear. */

/** The scopes of this server, the service's own two. */
export type Scope = 'readonly' | 'full_access';

/** Reads a requested scope string: `full_access` when asked for, `readonly` otherwise. */
export function scopeOf(requested: string | undefined | null): Scope {
  const words = (requested ?? '').split(/\s+/);
  return words.includes('full_access') || !requested ? 'full_access' : 'readonly';
}

/** `pending:<state>`: an authorization request sent on to the service, waiting for its callback. */
export interface PendingAuthorization {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string | undefined;
  readonly scope: Scope;
  readonly resource: string;
  /** SHA-256 of the browser-binding nonce kept in a cookie: the callback must come from the same browser. */
  readonly browserBinding: string;
}

/** `code:<sha256>`: an authorization code issued to an MCP client, used once. */
export interface CodeRecord {
  readonly grantId: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly resource: string;
  readonly scope: Scope;
  readonly used: boolean;
  /** When the code stops being accepted, epoch ms (the record stays longer, to see reuse). */
  readonly expiresAt: number;
}

/**
 * Why a grant no longer works: a replayed refresh token or code, the service refusing its tokens, or
 * its sealed upstream tokens no longer opening under the key ring (key removed, value tampered or moved).
 */
export type RevokedReason = 'refresh_reuse' | 'code_reuse' | 'upstream' | 'unreadable';

/**
 * `grant:<id>`: one user's authorization of one MCP client for one business. Its upstream tokens are
 * in the vault under the same id (`upstream:<id>`), sealed. It expires with its newest refresh token.
 */
export interface GrantRecord {
  readonly id: string;
  readonly clientId: string;
  readonly scope: Scope;
  readonly resource: string;
  readonly variant: 'de' | 'pt';
  readonly businessId: number;
  readonly businessName: string;
  /** The email of the user who signed in to the service (from `GET /core/v2/me`), when it has one. */
  readonly user?: string | undefined;
  readonly revoked?: RevokedReason | undefined;
  readonly createdAt: number;
}

/** `at:<sha256>`: an access token issued to an MCP client. */
export interface AccessRecord {
  readonly grantId: string;
  readonly clientId: string;
  readonly resource: string;
  readonly scope: Scope;
  readonly expiresAt: number;
}

/** `client:<client id>`: A registered MCP client: by Dynamic Client Registration or by its Client ID Metadata Document. */
export interface ClientRecord {
  readonly clientId: string;
  readonly kind: 'dcr' | 'cimd';
  readonly clientName: string;
  readonly clientUri?: string | undefined;
  readonly redirectUris: readonly string[];
  readonly createdAt: number;
  /** A DCR client that has not completed an authorization yet is deleted at this time (epoch ms). */
  readonly expiresAt?: number | undefined;
}

/** `journal:<business>`: the numbers of the first and last pages of a change journal that may still hold entries. */
export interface JournalHead {
  readonly first: number;
  readonly last: number;
}

/** `rt:<sha256>`: a refresh token; rotated on use, a second use revokes the grant. */
export interface RefreshRecord {
  readonly grantId: string;
  readonly clientId: string;
  readonly resource: string;
  readonly scope: Scope;
  readonly used: boolean;
}
