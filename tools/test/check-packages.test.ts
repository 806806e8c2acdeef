import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOnlyLines } from '../src/check-packages.ts';

// A built package with a runtime-neutral `.` and `./remote`, and Node-only `./node`.
const dir = mkdtempSync(join(tmpdir(), 'acctkit-check-packages-'));
const files: Record<string, string> = {
  'package.json': JSON.stringify({
    exports: {
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './remote': { types: './dist/remote.d.ts', default: './dist/remote.js' },
      './node': { types: './dist/node.d.ts', default: './dist/node.js' },
    },
  }),
  'dist/index.js': [
    '/**',
    ' * @example',
    ' * const config = parseConfig(process.env); // comments do not count',
    ' */',
    "export { shared } from './shared.js';",
    '',
  ].join('\n'),
  'dist/shared.js': 'export const shared = 1;\n',
  'dist/remote.js':
    "import { sqliteStorage } from '@acctkit/token-vault/node';\nexport const remote = sqliteStorage;\n",
  'dist/node.js': "import { readFile } from 'node:fs/promises';\nexport { readFile };\n",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), text);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nodeOnlyLines (the runtime-neutral output check of pnpm check:packages)', () => {
  it('checks the main entry by default and ignores what comments say', async () => {
    expect(await nodeOnlyLines(dir)).toEqual([]);
  });

  it('checks every entry it is given, a Node-only subpath of ours included', async () => {
    const found = await nodeOnlyLines(dir, ['.', './remote']);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('dist/remote.js');
    expect(found[0]).toContain('@acctkit/token-vault/node');
  });

  it('finds node: imports, and says when an entry is not exported', async () => {
    expect((await nodeOnlyLines(dir, ['./node']))[0]).toContain('node:fs/promises');
    expect(await nodeOnlyLines(dir, ['./workers'])).toEqual([
      expect.stringContaining('exports["./workers"]'),
    ]);
  });
});
