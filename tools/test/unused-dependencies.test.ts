import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageOf, unusedDependencies } from '../src/unused-dependencies.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A built package with these dependencies and files under dist/. */
function builtPackage(dependencies: Record<string, string>, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'acctkit-unused-deps-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', dependencies }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'dist', name, '..'), { recursive: true });
    writeFileSync(join(dir, 'dist', name), text);
  }
  return dir;
}

describe('unusedDependencies (the dependency check of pnpm check:packages)', () => {
  it('names a dependency that no built module or declaration imports', () => {
    const dir = builtPackage(
      { hono: '^4', jose: '^6', '@scope/types': '1', zod: '4', lazy: '1', cjs: '1' },
      {
        'index.js': "import { Hono } from 'hono/tiny';\nexport * from './a.js';\n",
        'a.d.ts': "export type { T } from '@scope/types';\n",
        'b.js': "const z = await import('zod');\nconst l = import(\n  'lazy');\nconst c = require('cjs');\n",
        'c.js': "// import { jwtVerify } from 'jose';\n/* from 'jose' */\n",
      },
    );
    expect(unusedDependencies(dir)).toEqual(['jose']);
  });

  it('counts what require.resolve finds (a file shipped by a dependency)', () => {
    const dir = builtPackage(
      { '@scalar/api-reference': '1' },
      { 'docs.js': "const file = require.resolve('@scalar/api-reference/browser/standalone.js');\n" },
    );
    expect(unusedDependencies(dir)).toEqual([]);
  });

  it('reads package names from specifiers, skipping relative, absolute and node: ones', () => {
    expect(packageOf('@acctkit/client/node')).toBe('@acctkit/client');
    expect(packageOf('hono/body-limit')).toBe('hono');
    expect(packageOf('./x.js')).toBeUndefined();
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('/abs/x.js')).toBeUndefined();
  });
});
