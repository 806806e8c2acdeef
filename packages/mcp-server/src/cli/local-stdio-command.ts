import { fileURLToPath } from 'node:url';
import type { StdioCommand } from './client-configs.js';

/**
 * The stdio command of this very install: this Node binary running this package's `acctkit-mcp`, so a
 * configuration works from a clone that has not been published or installed globally.
 *
 * @param args - Arguments of `acctkit-mcp` (default `['--sandbox']`).
 * @returns The command and its arguments, with absolute paths.
 * @example
 * ```ts
 * import { clientConfigs, localStdioCommand } from '@acctkit/mcp-server/node';
 * clientConfigs({ url: 'http://127.0.0.1:3001/mcp', stdio: localStdioCommand() });
 * ```
 */
export function localStdioCommand(args: readonly string[] = ['--sandbox']): StdioCommand {
  // From dist/cli/ (and src/cli/ in tests) alike: the bundled bin is dist/acctkit-mcp.js of this package.
  return {
    command: process.execPath,
    args: [fileURLToPath(new URL('../../dist/acctkit-mcp.js', import.meta.url)), ...args],
  };
}
