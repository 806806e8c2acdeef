/**
 * Writes `src/generated/version.ts`, the package's version as a constant, so the runtime-neutral
 * entry can report it (`GET /healthz`) on Workers, Deno, Bun and in browsers, where no package.json
 * can be read. The build runs it first, so what is built and published always carries the version of
 * its package.json; the file is rewritten only when the version changed.
 *
 *   pnpm --filter @acctkit/edge-proxy gen:version
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const versionFile: string = fileURLToPath(new URL('../src/generated/version.ts', import.meta.url));

/** The text of `src/generated/version.ts` for `version`. */
export function versionModule(version: string): string {
  return `// Generated from package.json by packages/edge-proxy/scripts/generate-version.ts, which the build runs;
// regenerate with \`pnpm --filter @acctkit/edge-proxy gen:version\`. Do not edit by hand.

/** This package's version, as its package.json says. */
export const PROXY_VERSION: string = ${JSON.stringify(version)};
`;
}

const manifest = fileURLToPath(new URL('../package.json', import.meta.url));
const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
const text = versionModule(version);
if (!existsSync(versionFile) || readFileSync(versionFile, 'utf8') !== text) writeFileSync(versionFile, text);
