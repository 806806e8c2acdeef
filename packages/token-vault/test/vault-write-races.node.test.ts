/** Writes racing a delete or a second writer, on SQLite: two handles on one file, as two processes share it. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage } from '../src/node/index.js';
import { writeRaceSuite } from './helpers/write-races.js';

writeRaceSuite('SQLite', () =>
  createSqliteStorage(join(mkdtempSync(join(tmpdir(), 'vault-race-')), 'v.sqlite')),
);
