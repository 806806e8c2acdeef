/**
 * The order packages are published in: each after the `@acctkit` packages it depends on (dependencies
 * and peers), so that no published package ever names a version the registry does not have.
 * tools/src/registry/npm-publish.ts publishes in this order (.github/workflows/release.yml).
 */
import type { Manifest, WorkspacePackage } from './pack.ts';

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
