/**
 * What installing a package puts on disk: the package and everything it needs at run time, found the
 * way Node finds it (walking up `node_modules` folders), so it works for a project and a global install.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The packages a package brings, and their size. */
export interface Footprint {
  /** Packages, the package itself included. */
  readonly packages: number;
  /** Bytes of their files, native modules left out (a prebuilt binary and a source build differ tenfold). */
  readonly bytes: number;
  /** Packages with a native module (a `binding.gyp`): size as installed here, and how the binary came. */
  readonly native: readonly NativeModule[];
}

/** A package with a native module, as installed. */
export interface NativeModule {
  readonly name: string;
  readonly bytes: number;
  /** `prebuilt`: binaries shipped in the package; `compiled`: node-gyp built it here; `downloaded`: its install script fetched one. */
  readonly binary: 'prebuilt' | 'compiled' | 'downloaded';
}

/** How the binary of a native module installed in `dir` came. */
export function nativeBinary(dir: string): NativeModule['binary'] {
  if (existsSync(join(dir, 'prebuilds'))) return 'prebuilt';
  return existsSync(join(dir, 'build', 'Release', 'obj.target')) ? 'compiled' : 'downloaded';
}

interface PackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Bytes of the files of one package folder, without its own `node_modules`. */
export async function packageBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await packageBytes(path);
    else if (entry.isFile()) total += (await lstat(path)).size;
  }
  return total;
}

/** The folder Node resolves `name` to from a package in `fromDir`, if any. */
export function resolvePackageDir(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/** The packages a package needs at run time: dependencies, optional ones present, required peers. */
function runtimeNeeds(manifest: PackageJson): string[] {
  const requiredPeers = Object.keys(manifest.peerDependencies ?? {}).filter(
    (name) => !manifest.peerDependenciesMeta?.[name]?.optional,
  );
  return [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
    ...requiredPeers,
  ];
}

/** The footprint of the package installed in `packageDir`. */
export async function footprint(packageDir: string): Promise<Footprint> {
  const seen = new Set<string>();
  const queue = [realpathSync(packageDir)];
  let bytes = 0;
  const native: NativeModule[] = [];
  for (let dir = queue.pop(); dir !== undefined; dir = queue.pop()) {
    if (seen.has(dir)) continue;
    seen.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    const size = await packageBytes(dir);
    if (existsSync(join(dir, 'binding.gyp')))
      native.push({ name: manifest.name ?? dir, bytes: size, binary: nativeBinary(dir) });
    else bytes += size;
    for (const need of runtimeNeeds(manifest)) {
      const found = resolvePackageDir(dir, need);
      if (found) queue.push(found);
      else if (!(need in (manifest.optionalDependencies ?? {})))
        throw new Error(`${manifest.name} needs ${need}, which is not installed beside it`);
    }
  }
  return { packages: seen.size, bytes, native };
}

/** `12.3 MB`, `840 kB`: decimal units, as npm prints them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.round(bytes / 1e3)} kB`;
}

/** Packages with a native module (a `binding.gyp`) anywhere under a `node_modules` folder. */
export async function nativeModules(nodeModules: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) await visit(path);
      else {
        if (existsSync(join(path, 'binding.gyp'))) found.push(path.slice(nodeModules.length + 1));
        if (existsSync(join(path, 'node_modules'))) await visit(join(path, 'node_modules'));
      }
    }
  };
  if (existsSync(nodeModules)) await visit(nodeModules);
  return found;
}
