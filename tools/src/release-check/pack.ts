/**
 * Packs every public package with pnpm (which turns `workspace:*` ranges into versions) into one
 * folder, each as `<scope>-<name>.tgz` without its version, so that a command naming a tarball stays
 * right across releases.
 *
 *   pnpm pack:all            → packed/*.tgz (after a build; npm start and npm test build)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { publicPackages } from '../check-packages.ts';
import { repoRoot } from '../paths.ts';

/** The folder `pnpm pack:all` writes to (git-ignored). */
export const packedDir: string = join(repoRoot, 'packed');

/** The parts of a package manifest the release tooling reads. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly bin?: Record<string, string>;
  readonly exports?: Record<string, string | { readonly default?: string }>;
  readonly engines?: { readonly node?: string };
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>;
  readonly devDependencies?: Record<string, string>;
}

/** A public package of the workspace: its folder (relative to the root) and manifest. */
export interface WorkspacePackage {
  readonly dir: string;
  readonly manifest: Manifest;
}

/** One packed tarball. */
export interface PackedPackage extends WorkspacePackage {
  /** Absolute path of the tarball. */
  readonly tarball: string;
  /** Its size in bytes. */
  readonly packedBytes: number;
}

/** Reads a manifest. */
export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(resolve(repoRoot, dir), 'package.json'), 'utf8')) as Manifest;
}

/** Every public package of the workspace with its manifest, in folder order. */
export function workspacePackages(): WorkspacePackage[] {
  return publicPackages().map((dir) => ({ dir, manifest: readManifest(dir) }));
}

/** The file name `pnpm pack --out %s.tgz` gives a package: `@acctkit/cli` → `acctkit-cli.tgz`. */
export function tarballName(packageName: string): string {
  return `${packageName.replace(/^@/, '').replace('/', '-')}.tgz`;
}

/** The `@acctkit/*` packages a package needs at run time (dependencies, not optional peers). */
export function internalDependencies(manifest: Manifest): string[] {
  return Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@acctkit/'));
}

/** Files a manifest points at (bins, export targets) that the build has not produced. */
export function missingBuildOutputs(pkg: WorkspacePackage): string[] {
  const targets = [
    ...Object.values(pkg.manifest.bin ?? {}),
    ...Object.values(pkg.manifest.exports ?? {}).map((e) => (typeof e === 'string' ? e : e.default)),
  ];
  return targets
    .filter((t): t is string => typeof t === 'string')
    .filter((t) => !existsSync(join(repoRoot, pkg.dir, t)))
    .map((t) => join(pkg.dir, t));
}

/**
 * pnpm, found the way the root scripts find it: the pnpm running this script, else the one
 * `npm start`/`npm test` installs into `.acctkit/pnpm`, else `pnpm` on the PATH.
 */
export function pnpmCommand(): { command: string; args: string[] } {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return { command: process.execPath, args: [execPath] };
  const local = join(repoRoot, '.acctkit', 'pnpm', 'node_modules', '.bin', 'pnpm');
  return { command: existsSync(local) ? local : 'pnpm', args: [] };
}

/**
 * Packs every public package into `destination` (its old tarballs removed first) with one recursive
 * `pnpm pack`, after checking that each was built.
 */
export async function packAll(destination: string = packedDir): Promise<PackedPackage[]> {
  const packages = workspacePackages();
  const missing = packages.flatMap(missingBuildOutputs);
  if (missing.length > 0)
    throw new Error(
      `these build outputs are missing; run pnpm build (npm start and npm test build too):\n  ${missing.join('\n  ')}`,
    );
  await mkdir(destination, { recursive: true });
  for (const file of await readdir(destination))
    if (file.endsWith('.tgz')) await rm(join(destination, file), { force: true });
  const pnpm = pnpmCommand();
  const filters = packages.flatMap(({ dir }) => ['--filter', `./${dir}`]);
  const result = spawnSync(
    pnpm.command,
    [...pnpm.args, '--recursive', ...filters, 'pack', '--out', join(destination, '%s.tgz')],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (result.status !== 0)
    throw new Error(`pnpm pack failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return Promise.all(
    packages.map(async (pkg) => {
      const tarball = join(destination, tarballName(pkg.manifest.name));
      if (!existsSync(tarball)) throw new Error(`pnpm pack wrote no ${tarball}`);
      return { ...pkg, tarball, packedBytes: (await stat(tarball)).size };
    }),
  );
}

async function main(): Promise<void> {
  const packed = await packAll();
  for (const p of packed)
    console.log(
      `${p.manifest.name.padEnd(22)} ${p.manifest.version.padEnd(8)} packed/${tarballName(p.manifest.name)}`,
    );
  console.log(`\n${packed.length} tarballs in ${packedDir}`);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) await main();
