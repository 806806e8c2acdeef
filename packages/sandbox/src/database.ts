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
    throw new SandboxSetupError('DATABASE_FAILED', openFailure(file, cause), { cause });
  }
}

/** What to do about a database that did not open: a native module of another Node first, then the path. */
function openFailure(file: string, cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/NODE_MODULE_VERSION|compiled against a different Node\.js version|ERR_DLOPEN_FAILED/.test(message))
    return `better-sqlite3, the sandbox's SQLite module, was built for another Node.js version than this one (${process.version}). Rebuild it for this Node: npm rebuild better-sqlite3 (in a clone of acctkit: npx pnpm@10 rebuild better-sqlite3).`;
  return `Could not open the sandbox database '${file}'. Check the path and its permissions, or use ':memory:'.`;
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
