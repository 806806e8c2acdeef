import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripComments } from './strip-comments.ts';

/** Module specifiers in built code: static and dynamic imports, re-exports, `require` and `require.resolve`. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*|\bresolve\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The package a bare specifier names: `@scope/name` or `name`; `undefined` for relative and `node:` ones. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The built modules and declarations of a package; files vendored as they are (`vendor/`) import nothing of it. */
function builtFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:m?js|d\.m?ts)$/.test(entry.name))
    .filter((entry) => !/[\\/]vendor(?:[\\/]|$)/.test(entry.parentPath))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The runtime dependencies of a package that nothing it ships imports: neither its built modules nor
 * its declaration files (a type a user's compiler reads must stay installable). Every install carries
 * a dependency, so one the published code never reaches belongs in `devDependencies`.
 */
export function unusedDependencies(packageDir: string, builtDir = 'dist'): string[] {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const declared = Object.keys(manifest.dependencies ?? {});
  if (declared.length === 0) return [];
  const used = new Set<string>();
  for (const file of builtFiles(join(packageDir, builtDir))) {
    const source = stripComments(readFileSync(file, 'utf8'), file);
    for (const match of source.matchAll(SPECIFIER)) {
      const name = packageOf(match[1] ?? '');
      if (name) used.add(name);
    }
  }
  return declared.filter((name) => !used.has(name));
}
