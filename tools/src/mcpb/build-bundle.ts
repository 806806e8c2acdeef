/**
 * Builds the MCP Bundle of `acctkit-mcp` with the official `mcpb` CLI: stages a folder with the
 * manifest (./bundle-manifest.ts), the launcher (./bundle-launcher.js as server/index.js) and the
 * built, bundled server (`packages/mcp-server/dist/acctkit-mcp.js` and its chunk folder), validates the
 * manifest and packs the folder.
 *
 *   pnpm bundle:mcpb          → packed/acctkit-mcp.mcpb (after a build of @acctkit/mcp-server)
 *
 * The bundle has no node_modules: esbuild bundled every runtime dependency of the server except the two
 * it leaves external, `@acctkit/sandbox` and `better-sqlite3`, which only `--sandbox` and
 * `acctkit-mcp serve` load. better-sqlite3 is native, so leaving both out keeps one bundle for every
 * platform (openapi/DECISIONS.md, MC entry on the bundle).
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { listTools } from '@acctkit/mcp-server';
import { repoRoot } from '../paths.ts';
import { packedDir } from '../release-check/pack.ts';
import { bundleManifest } from './bundle-manifest.ts';

/** The server package's folder. */
export const mcpServerDir: string = join(repoRoot, 'packages', 'mcp-server');

/** The `mcpb` CLI of tools' devDependencies. */
export const mcpbBin: string = join(repoRoot, 'tools', 'node_modules', '.bin', 'mcpb');

/** Where `pnpm bundle:mcpb` writes the bundle. */
export const bundleFile: string = join(packedDir, 'acctkit-mcp.mcpb');

/** What was built. */
export interface BuiltBundle {
  /** The `.mcpb` file. */
  readonly file: string;
  /** The staged folder it was packed from. */
  readonly stage: string;
  /** The manifest written into it. */
  readonly manifest: ReturnType<typeof bundleManifest>;
  /** Its size in bytes. */
  readonly bytes: number;
}

/** Runs the `mcpb` CLI; throws with its output when it fails. */
export function mcpb(args: readonly string[]): string {
  const result = spawnSync(mcpbBin, [...args], { encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`mcpb ${args.join(' ')} failed:\n${output}`);
  return output;
}

/**
 * Stages, validates and packs the bundle.
 *
 * @param options - `file`: where to write it (default packed/acctkit-mcp.mcpb); `stage`: the folder to
 *   stage in (default packed/mcpb/acctkit-mcp, emptied first).
 * @returns The file, the stage, the manifest and the size.
 * @throws Error when the server is not built or `mcpb` refuses the manifest.
 */
export function buildBundle(options: { file?: string; stage?: string } = {}): BuiltBundle {
  const file = resolve(options.file ?? bundleFile);
  const stage = resolve(options.stage ?? join(packedDir, 'mcpb', 'acctkit-mcp'));
  const dist = join(mcpServerDir, 'dist');
  if (!existsSync(join(dist, 'acctkit-mcp.js')))
    throw new Error(`${dist}/acctkit-mcp.js is missing: run pnpm --filter @acctkit/mcp-server build first.`);
  const pkg = JSON.parse(readFileSync(join(mcpServerDir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    engines: { node: string };
  };

  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'server'), { recursive: true });
  const manifest = bundleManifest({
    version: pkg.version,
    nodeRange: pkg.engines.node,
    tools: listTools({ connects: true }),
  });
  writeFileSync(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(repoRoot, 'LICENSE'), join(stage, 'LICENSE'));
  copyFileSync(join(import.meta.dirname, 'bundle-launcher.js'), join(stage, 'server', 'index.js'));
  copyFileSync(join(dist, 'acctkit-mcp.js'), join(stage, 'server', 'acctkit-mcp.js'));
  cpSync(join(dist, 'acctkit-mcp'), join(stage, 'server', 'acctkit-mcp'), {
    recursive: true,
    filter: (source) => !source.endsWith('.map'),
  });
  // ESM for the .js files, and the name and version the server reports (it reads the nearest
  // package.json that names it).
  writeFileSync(
    join(stage, 'server', 'package.json'),
    `${JSON.stringify({ name: pkg.name, version: pkg.version, private: true, type: 'module' }, null, 2)}\n`,
  );

  mcpb(['validate', join(stage, 'manifest.json')]);
  mkdirSync(resolve(file, '..'), { recursive: true });
  rmSync(file, { force: true });
  mcpb(['pack', stage, file]);
  return { file, stage, manifest, bytes: statSync(file).size };
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const built = buildBundle();
  const tools = (built.manifest.tools as unknown[]).length;
  console.log(
    `${built.file}: ${(built.bytes / 1024 / 1024).toFixed(2)} MB, ${tools} tools, version ${String(built.manifest.version)}`,
  );
}
