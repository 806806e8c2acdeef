import { readFileSync } from 'node:fs';

/**
 * The version of `@acctkit/mcp-server`, read from its package.json: the nearest one above this module
 * that names the package, so it is found from `dist/cli/` and from the bundled `dist/acctkit-mcp.js` alike.
 *
 * @returns The version, or `0.0.0` when no package.json is found.
 */
export function packageVersion(): string {
  for (let up = './'; up.length < 40; up += '../') {
    try {
      const manifest = JSON.parse(readFileSync(new URL(`${up}package.json`, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@acctkit/mcp-server' && manifest.version) return manifest.version;
    } catch {
      // No package.json here: look one folder up.
    }
  }
  return '0.0.0';
}
