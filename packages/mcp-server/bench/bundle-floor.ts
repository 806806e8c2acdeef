// The floor server (bench/floor-server.ts), bundled as acctkit-mcp is: ESM, Node 20 target, split at its
// dynamic imports. Both the start-up and the per-call benches measure against it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Bundles the floor into `folder` and returns the path of its entry file. */
export async function bundleFloor(folder: string): Promise<string> {
  await build({
    entryPoints: { floor: join(HERE, 'floor-server.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: folder,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return join(folder, 'floor.js');
}
