// One concept per file: no hand-written source file of a package or of tools/ grows past 400 lines.
// Generated files (under a `generated/` folder, or starting with a "Generated … do not edit" banner)
// are left out: they are as long as what they are generated from.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

const MAX_LINES = 400;

/** The TypeScript sources git tracks under packages/*\/src, packages/*\/worker, tools/src and openapi/src. */
function sources(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', 'packages/*/src/**.ts', 'packages/*/worker/**.ts', 'tools/src/**.ts', 'openapi/src/**.ts'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return listed.split('\n').filter((file) => file.endsWith('.ts') && !file.includes('/generated/'));
}

const generated = (text: string): boolean =>
  /^\/\/ Generated\b[^\n]*\n(\/\/[^\n]*\n)*?\/\/[^\n]*[Dd]o not edit/m.test(text.slice(0, 600));

describe('file length', () => {
  it(`no hand-written source file is longer than ${MAX_LINES} lines`, () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, text: readFileSync(join(repoRoot, file), 'utf8') }))
      .filter(({ text }) => !generated(text))
      .map(({ file, text }) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long, 'split these by concept').toEqual([]);
  });
});
