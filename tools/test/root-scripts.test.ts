import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

const scripts = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The value of a `--flag=value` or `--flag value` option in a command line, if present. */
function option(command: string, flag: string): string | undefined {
  const words = command.split(/\s+/);
  for (const [i, word] of words.entries()) {
    if (word.startsWith(`${flag}=`)) return word.slice(flag.length + 1);
    if (word === flag) return words[i + 1];
  }
  return undefined;
}

describe('root scripts', () => {
  it('pnpm bench runs the benchmarks one at a time: they share two cores and would skew each other', () => {
    const bench = scripts.bench ?? '';
    expect(bench).toMatch(/^turbo run bench\b/);
    expect(option(bench, '--concurrency')).toBe('1');
  });

  it('npm start runs the launcher of tools/, which starts every service through its public API', () => {
    // exec: npm signals the bootstrap itself, not a shell that would keep a SIGINT (npm-start-bootstrap.test.ts).
    expect(scripts.start).toBe('exec node tools/bootstrap.mjs start');
    expect(scripts.main).toBe('tsx tools/src/start.ts');
  });

  it('the unit tests of every package run even when one package fails, so one run shows every failure', () => {
    expect(scripts['test:unit']).toMatch(/^turbo run test\b/);
    expect(scripts['test:unit']?.split(/\s+/)).toContain('--continue');
  });

  it('the unit tests of one package at a time: on 2 cores the suites start servers and processes and would starve each other', () => {
    // Measured on a 2-core machine at load 6: --concurrency=1 took 230 s, 2 took 222 s, with the same
    // result; one at a time leaves each suite the whole machine, so its timeouts hold best.
    expect(option(scripts['test:unit'] ?? '', '--concurrency')).toBe('1');
  });

  it('pnpm load keeps both cores busy for a check run on a loaded machine', () => {
    expect(scripts.load).toBe('tsx tools/src/load.ts');
  });

  it('reads both spellings of an option', () => {
    expect(option('turbo run bench --concurrency 1', '--concurrency')).toBe('1');
    expect(option('turbo run bench --concurrency=4', '--concurrency')).toBe('4');
    expect(option('turbo run bench', '--concurrency')).toBeUndefined();
  });
});
