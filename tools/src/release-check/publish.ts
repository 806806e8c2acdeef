/**
 * Publishes every public package whose version is not on the registry yet, one at a time and each after
 * the `@acctkit` packages it depends on (dependencies and peers), so that no published package ever
 * names a version the registry does not have; then tags the released versions (`changeset tag`, whose
 * `New tag:` lines tell changesets/action what to make GitHub releases of). A run that stopped half way
 * can simply be repeated. What .github/workflows/release.yml runs once the version pull request is
 * merged; npm provenance comes from `NPM_CONFIG_PROVENANCE=true` there.
 *
 *   pnpm exec tsx tools/src/release-check/publish.ts [--dry-run]
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../paths.ts';
import { type Manifest, pnpmCommand, type WorkspacePackage, workspacePackages } from './pack.ts';

/** The `@acctkit` packages a package must find on the registry when it is installed. */
function needs(manifest: Manifest): string[] {
  return [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ].filter((name) => name.startsWith('@acctkit/'));
}

/** The packages in an order where each comes after every `@acctkit` package it needs (stable otherwise). */
export function publishOrder(packages: readonly WorkspacePackage[]): WorkspacePackage[] {
  const byName = new Map(packages.map((p) => [p.manifest.name, p]));
  const ordered: WorkspacePackage[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (pkg: WorkspacePackage, path: string[]): void => {
    const name = pkg.manifest.name;
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`dependency cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const need of needs(pkg.manifest)) {
      const dependency = byName.get(need);
      if (dependency) visit(dependency, [...path, name]);
    }
    state.set(name, 'done');
    ordered.push(pkg);
  };
  for (const pkg of packages) visit(pkg, []);
  return ordered;
}

function isPublished(manifest: Manifest): boolean {
  const result = spawnSync('npm', ['view', `${manifest.name}@${manifest.version}`, 'version'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return result.status === 0 && result.stdout.trim() === manifest.version;
}

function main(): void {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' } } });
  const pnpm = pnpmCommand();
  for (const { dir, manifest } of publishOrder(workspacePackages())) {
    const label = `${manifest.name}@${manifest.version}`;
    if (isPublished(manifest)) {
      console.log(`already published  ${label}`);
      continue;
    }
    console.log(`publishing         ${label}`);
    const args = [
      'publish',
      '--access',
      'public',
      '--no-git-checks',
      ...(values['dry-run'] ? ['--dry-run'] : []),
    ];
    const result = spawnSync(pnpm.command, [...pnpm.args, ...args], {
      cwd: join(repoRoot, dir),
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(
        `publishing ${label} failed; fix the cause and run this again: it skips what is published`,
      );
      process.exit(1);
    }
  }
  if (values['dry-run']) return;
  const tag = spawnSync(join(repoRoot, 'node_modules', '.bin', 'changeset'), ['tag'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  process.exit(tag.status ?? 1);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) main();
