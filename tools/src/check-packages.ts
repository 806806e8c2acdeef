/**
 * Packaging checks for every public package, run on the tarball that would be published:
 * publint (strict) and Are the Types Wrong (ESM-only profile). Runtime-neutral packages (those in
 * the runtime matrix) must also have no `node:` import, `require` or Node global in their built output.
 *
 *   pnpm check:packages          (after pnpm build)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { repoRoot } from './paths.ts';
import { matrixPackages } from './runtime-matrix/packages.ts';

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
];

/** Lines of built output in `dir` that would not run outside Node. */
export async function nodeOnlyLines(dir: string): Promise<string[]> {
  const found: string[] = [];
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js'));
  for (const file of files) {
    const lines = (await readFile(join(dir, file), 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (nodeOnly.some((re) => re.test(line))) found.push(`${join(dir, file)}:${i + 1}: ${line.trim()}`);
    });
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
    }
    for (const dir of matrixPackages) {
      const dist = resolve(repoRoot, dir, 'dist');
      const lines = existsSync(dist)
        ? await nodeOnlyLines(dist)
        : [`${relative(repoRoot, dist)} is missing: run pnpm build`];
      console.log(`${lines.length === 0 ? 'ok  ' : 'FAIL'}  ${dir.padEnd(20)} runtime-neutral build output`);
      for (const line of lines) console.log(`      ${line}`);
      if (lines.length > 0) failed = true;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) await main();
