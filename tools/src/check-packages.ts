/**
 * Packaging checks for every public package, run on the tarball that would be published:
 * publint (strict), Are the Types Wrong (ESM-only profile), and no runtime dependency that the built
 * code and declarations never import (every install carries it). Runtime-neutral packages (those in
 * the runtime matrix) must also have no `node:` import, `require`, Node global or Node-only package in
 * the built output reachable from their runtime-neutral entries.
 *
 *   pnpm check:packages          (after pnpm build)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from './paths.ts';
import { matrixPackages } from './runtime-matrix/packages.ts';
import { stripComments } from './strip-comments.ts';
import { unusedDependencies } from './unused-dependencies.ts';

interface Manifest {
  name: string;
  private?: boolean;
}

/** Folders of the workspace's public packages: openapi/ and every packages/* not marked private. */
export function publicPackages(): string[] {
  const dirs = ['openapi', ...readdirSync(join(repoRoot, 'packages')).map((d) => join('packages', d))];
  return dirs.filter((dir) => {
    const file = join(repoRoot, dir, 'package.json');
    return existsSync(file) && !(JSON.parse(readFileSync(file, 'utf8')) as Manifest).private;
  });
}

function run(command: string, args: string[], cwd: string): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

const nodeOnly = [
  /\bfrom\s*['"]node:/,
  /\bimport\s*\(\s*['"]node:/,
  /\brequire\s*\(/,
  /\bprocess\.(env|versions|nextTick)\b/,
  /\bBuffer\.(from|alloc|concat)\b/,
  // Node-only packages and the Node subpaths of ours (`@acctkit/token-vault/node`).
  /\b(?:from|import)\s*\(?\s*['"](?:@hono\/node-server|better-sqlite3|@acctkit\/[^'"]+\/node)(?:\/[^'"]*)?['"]/,
];

/**
 * Lines that would not run outside Node in the built modules reachable from the package's
 * runtime-neutral entries (`exports["."]` unless `entries` names others): a Node-only subpath such
 * as `@acctkit/client/node` is not reachable from them and is not checked. Comments do not count.
 */
export async function nodeOnlyLines(
  packageDir: string,
  entries: readonly string[] = ['.'],
): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, { default?: string } | string>;
  };
  const found: string[] = [];
  const queue: string[] = [];
  for (const name of entries) {
    const exported = manifest.exports[name];
    const entry = typeof exported === 'string' ? exported : exported?.default;
    if (entry) queue.push(resolve(packageDir, entry));
    else found.push(`${relative(repoRoot, packageDir)}: exports["${name}"] has no default entry`);
  }
  const seen = new Set<string>();
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) {
      found.push(`${relative(repoRoot, file)} is missing: run pnpm build`);
      continue;
    }
    const source = stripComments(await readFile(file, 'utf8'), file);
    source.split('\n').forEach((line, i) => {
      if (nodeOnly.some((re) => re.test(line)))
        found.push(`${relative(repoRoot, file)}: ${line.trim()} (line ${i + 1} without comments)`);
    });
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      queue.push(resolve(dirname(file), match[1] ?? ''));
    }
  }
  return found;
}

async function main(): Promise<void> {
  const bin = (name: string): string => join(repoRoot, 'node_modules', '.bin', name);
  const work = await mkdtemp(join(tmpdir(), 'acctkit-pack-'));
  let failed = false;
  try {
    for (const dir of publicPackages()) {
      const cwd = join(repoRoot, dir);
      const packed = run('pnpm', ['pack', '--pack-destination', work, '--json'], cwd);
      if (!packed.ok) {
        console.error(`FAIL ${dir}: pnpm pack\n${packed.output}`);
        failed = true;
        continue;
      }
      const tarball = (JSON.parse(packed.output.slice(packed.output.indexOf('{'))) as { filename: string })
        .filename;
      const checks = [
        { name: 'publint', result: run(bin('publint'), ['run', tarball, '--strict'], cwd) },
        {
          name: 'attw',
          result: run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], cwd),
        },
      ];
      for (const { name, result } of checks) {
        console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${dir.padEnd(20)} ${name}`);
        if (!result.ok) {
          failed = true;
          console.log(result.output.replace(/^/gm, '      '));
        }
      }
      const unused = unusedDependencies(cwd);
      console.log(`${unused.length === 0 ? 'ok  ' : 'FAIL'}  ${dir.padEnd(20)} every dependency is imported`);
      if (unused.length > 0) {
        failed = true;
        console.log(`      never imported by dist/: ${unused.join(', ')} (move to devDependencies, or drop)`);
      }
    }
    for (const { dir, neutralEntries } of matrixPackages) {
      const entries = neutralEntries ?? ['.'];
      const lines = await nodeOnlyLines(resolve(repoRoot, dir), entries);
      console.log(
        `${lines.length === 0 ? 'ok  ' : 'FAIL'}  ${dir.padEnd(20)} runtime-neutral build output (${entries.join(', ')})`,
      );
      for (const line of lines) console.log(`      ${line}`);
      if (lines.length > 0) failed = true;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) await main();
