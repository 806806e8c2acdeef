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
  // 2: per kind and business, the live-record count, a `version` that changes when the set of live
  // records changes (insert, delete, soft delete) and a `revision` that changes with every write, kept
  // by triggers whoever writes. An unfiltered list then needs no COUNT(*), and the caches of page
  // boundaries (keyed by version) and of whole pages (keyed by revision) know when they are stale.
  `
  CREATE TABLE record_counts (
    kind TEXT NOT NULL,
    business_id INTEGER NOT NULL,
    live INTEGER NOT NULL,
    version INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    PRIMARY KEY (kind, business_id)
  ) WITHOUT ROWID;
  INSERT INTO record_counts (kind, business_id, live, version, revision)
    SELECT kind, business_id, SUM(deleted_at IS NULL), 1, 1 FROM records GROUP BY kind, business_id;
  CREATE TRIGGER records_count_insert AFTER INSERT ON records BEGIN
    INSERT INTO record_counts (kind, business_id, live, version, revision)
      VALUES (NEW.kind, NEW.business_id, NEW.deleted_at IS NULL, 1, 1)
      ON CONFLICT (kind, business_id) DO UPDATE
      SET live = live + (NEW.deleted_at IS NULL), version = version + 1, revision = revision + 1;
  END;
  CREATE TRIGGER records_count_delete AFTER DELETE ON records BEGIN
    UPDATE record_counts
      SET live = live - (OLD.deleted_at IS NULL), version = version + 1, revision = revision + 1
      WHERE kind = OLD.kind AND business_id = OLD.business_id;
  END;
  CREATE TRIGGER records_count_update AFTER UPDATE ON records BEGIN
    UPDATE record_counts
      SET live = live - (OLD.deleted_at IS NULL),
        version = version + ((OLD.deleted_at IS NULL) IS NOT (NEW.deleted_at IS NULL) OR OLD.id IS NOT NEW.id
          OR OLD.kind IS NOT NEW.kind OR OLD.business_id IS NOT NEW.business_id),
        revision = revision + 1
      WHERE kind = OLD.kind AND business_id = OLD.business_id;
    INSERT INTO record_counts (kind, business_id, live, version, revision)
      VALUES (NEW.kind, NEW.business_id, NEW.deleted_at IS NULL, 1, 1)
      ON CONFLICT (kind, business_id) DO UPDATE
      SET live = live + (NEW.deleted_at IS NULL),
        version = version + (OLD.kind IS NOT NEW.kind OR OLD.business_id IS NOT NEW.business_id),
        revision = revision + (OLD.kind IS NOT NEW.kind OR OLD.business_id IS NOT NEW.business_id);
  END;
  `,
];
