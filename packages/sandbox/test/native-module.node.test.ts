/**
 * A better-sqlite3 built for another Node (the workspace builds it for the Node that installed it):
 * the sandbox says so and prints the rebuild command, instead of blaming the database path.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const node24 = fileURLToPath(new URL('../../../tools/node_modules/node24/bin/node', import.meta.url));
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const abi = Number(process.versions.modules);

describe('native module of another Node', () => {
  it.runIf(existsSync(node24) && abi !== 137)(
    'opening a sandbox under Node 24 with the Node 20 build names the cause and the rebuild command',
    () => {
      const script = `import(${JSON.stringify(entry)}).then((m) => m.createSandbox({ database: ':memory:' })).catch((e) => { console.log(e.code + ' ' + e.message); });`;
      const run = spawnSync(node24, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stdout).toContain('DATABASE_FAILED');
      expect(run.stdout).toContain('built for another Node.js version');
      expect(run.stdout).toContain('npm rebuild better-sqlite3');
      expect(run.stdout).not.toContain('Check the path');
    },
    60_000,
  );
});
