/**
 * Writes `src/generated/version.ts` of the package in the working directory: its package.json version
 * as `PACKAGE_VERSION`, so runtime-neutral code reports it (`GET /healthz`, the MCP `serverInfo`) on
 * Workers, Deno, Bun and in browsers, where no package.json can be read. Package builds run it first, so
 * what is built and published carries the version of its package.json; the file is rewritten only when
 * the version changed.
 *
 *   tsx ../../tools/src/generate-version.ts        (from a package folder; its `gen:version` script)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './paths.ts';

const packageDir = process.cwd();
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
const file = join(packageDir, 'src', 'generated', 'version.ts');
const text = `// Generated from package.json by tools/src/generate-version.ts, which the build of
// ${relative(repoRoot, packageDir)} runs (its gen:version script). Do not edit by hand.

/** This package's version, as its package.json says. */
export const PACKAGE_VERSION: string = ${JSON.stringify(version)};
`;
mkdirSync(join(packageDir, 'src', 'generated'), { recursive: true });
if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
