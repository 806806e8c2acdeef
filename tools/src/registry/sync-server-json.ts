/**
 * Writes `@acctkit/mcp-server`'s version into its server.json (the entry's `version` and its npm
 * package's), so that a release bumps both: `pnpm version:packages`, which the release workflow runs
 * as its version step, runs this after `changeset version`. The rest of the file is kept as it is.
 *
 *   pnpm exec tsx tools/src/registry/sync-server-json.ts [path/to/server.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serverJsonFile } from './check-server-json.ts';

/**
 * Sets the versions of a server.json to its package's (the package.json beside it).
 *
 * @param file - The server.json (default packages/mcp-server/server.json).
 * @returns The version written, and whether the file changed.
 */
export function syncServerJson(file: string = serverJsonFile): { version: string; changed: boolean } {
  const { name, version } = JSON.parse(readFileSync(join(file, '..', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const before = readFileSync(file, 'utf8');
  const entry = JSON.parse(before) as {
    version?: string;
    packages?: { registryType?: string; identifier?: string; version?: string }[];
  };
  entry.version = version;
  for (const p of entry.packages ?? [])
    if (p.registryType === 'npm' && p.identifier === name) p.version = version;
  const after = `${JSON.stringify(entry, null, 2)}\n`;
  // Only the versions differ: a file that already holds them is left byte for byte as it is.
  const changed = JSON.stringify(JSON.parse(before)) !== JSON.stringify(entry);
  if (changed) writeFileSync(file, after);
  return { version, changed };
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const file = resolve(process.argv[2] ?? serverJsonFile);
  const { version, changed } = syncServerJson(file);
  console.log(`${file}: version ${version}${changed ? '' : ' (already)'}`);
}
