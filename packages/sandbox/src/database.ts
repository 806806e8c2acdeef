import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';
import { SandboxSetupError } from './sandbox-error.js';

/** The better-sqlite3 handle the sandbox uses. */
export type SqliteDatabase = Database.Database;

/** Opens (creating the folder when needed) and migrates a sandbox database; `':memory:'` for tests. */
export function openDatabase(file: string): SqliteDatabase {
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (cause) {
    throw new SandboxSetupError(
      'DATABASE_FAILED',
      `Could not open the sandbox database '${file}'. Check the path and its permissions, or use ':memory:'.`,
      { cause },
    );
  }
}

function migrate(db: SqliteDatabase): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
