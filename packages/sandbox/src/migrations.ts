/**
 * Schema migrations, applied in order; `PRAGMA user_version` holds how many ran. Append, never edit:
 * a file database from an older sandbox is migrated forward on open.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE businesses (
    id INTEGER PRIMARY KEY,
    country TEXT NOT NULL CHECK (country IN ('de', 'pt')),
    guid TEXT NOT NULL UNIQUE,
    data TEXT NOT NULL
  );
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    password_hash TEXT NOT NULL
  );
  CREATE TABLE ownerships (
    user_id INTEGER NOT NULL REFERENCES users(id),
    business_id INTEGER NOT NULL REFERENCES businesses(id),
    PRIMARY KEY (user_id, business_id)
  );
  CREATE TABLE clients (
    client_id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    signing_secret TEXT NOT NULL,
    name TEXT NOT NULL,
    redirect_uris TEXT NOT NULL,
    grant_types TEXT NOT NULL
  );
  CREATE TABLE auth_codes (
    code_hash TEXT PRIMARY KEY,
    client_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    business_id INTEGER NOT NULL,
    scope TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    access_hash TEXT NOT NULL UNIQUE,
    refresh_hash TEXT NOT NULL UNIQUE,
    client_id TEXT NOT NULL,
    user_id INTEGER,
    business_id INTEGER NOT NULL,
    scope TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    code_hash TEXT
  );
  CREATE INDEX tokens_code ON tokens(code_hash);
  CREATE TABLE nonces (
    nonce TEXT PRIMARY KEY,
    seen_at INTEGER NOT NULL
  );
  CREATE INDEX nonces_seen ON nonces(seen_at);
  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    csrf TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE records (
    kind TEXT NOT NULL,
    id INTEGER NOT NULL,
    business_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER,
    data TEXT NOT NULL,
    PRIMARY KEY (kind, id)
  );
  CREATE INDEX records_page ON records(kind, business_id, deleted_at, id);
  CREATE INDEX records_changed ON records(kind, business_id, updated_at);
  `,
];
