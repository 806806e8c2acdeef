/**
 * Packaging checks for every public package, run on the tarball that would be published:
 * publint (strict) and Are the Types Wrong (ESM-only profile). Runtime-neutral packages (those in
 * the runtime matrix) must also have no `node:` import, `require` or Node global in their built output.
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

/**
 * Lines that would not run outside Node in the built modules reachable from the package's main
 * entry (`exports["."]`): a Node-only subpath such as `@acctkit/client/node` is not reachable from
 * it and is not checked.
 */
export async function nodeOnlyLines(packageDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, { default?: string } | string>;
  };
  const main = manifest.exports['.'];
  const entry = typeof main === 'string' ? main : main?.default;
  if (!entry) return [`${packageDir}: exports["."] has no default entry`];
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = [resolve(packageDir, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) {
      found.push(`${relative(repoRoot, file)} is missing: run pnpm build`);
      continue;
    }
    const source = await readFile(file, 'utf8');
    source.split('\n').forEach((line, i) => {
      if (nodeOnly.some((re) => re.test(line)))
        found.push(`${relative(repoRoot, file)}:${i + 1}: ${line.trim()}`);
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
    }
    for (const { dir } of matrixPackages) {
      const lines = await nodeOnlyLines(resolve(repoRoot, dir));
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
