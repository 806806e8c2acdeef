import { join } from 'node:path';
import { repoRoot } from '../paths.ts';

/** The bins of the workspace's packages, as a user of a clone runs them before anything is installed. */
export const CLONE_BINS: readonly { readonly bin: string; readonly path: string }[] = [
  { bin: 'acctkit', path: 'packages/cli/bin/acctkit.js' },
  { bin: 'acctkit-mcp', path: 'packages/mcp-server/bin/acctkit-mcp.js' },
  { bin: 'acctkit-proxy', path: 'packages/edge-proxy/bin/acctkit-proxy.js' },
  { bin: 'acctkit-sandbox', path: 'packages/sandbox/bin/acctkit-sandbox.js' },
];

/**
 * The banner's lines on running each bin from this clone with nothing installed (the built files, by
 * absolute path, so they work from any folder), and where the installable tarballs come from.
 */
export function cloneCommandLines(root: string = repoRoot): string[] {
  return [
    'Each command from this clone, nothing installed (alias it to keep the published name):',
    ...CLONE_BINS.map(({ bin, path }) => `  alias ${bin}="node ${join(root, path)}"`),
    'Installable tarballs: npm run pack:all → packed/*.tgz (README: "Using the packages from a clone").',
  ];
}
