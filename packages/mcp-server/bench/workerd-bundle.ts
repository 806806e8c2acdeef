// Worker bundles made by wrangler itself (`deploy --dry-run`), as test/remote-workers.node.test.ts
// makes the remote server's: wrangler 4 needs Node 22, the node22 package of tools/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const NODE22 = fileURLToPath(new URL('../../../tools/node_modules/node22/bin/node', import.meta.url));

/** Runs `wrangler deploy --dry-run` in `cwd` and returns the bundled module `name`, source map removed. */
function dryRun(cwd: string, name: string, args: readonly string[] = []): string {
  const wrangler = join(
    createRequire(import.meta.url).resolve('wrangler/package.json'),
    '../bin/wrangler.js',
  );
  const out = mkdtempSync(join(tmpdir(), 'acctkit-bench-worker-'));
  try {
    execFileSync(NODE22, [wrangler, 'deploy', '--dry-run', '--outdir', out, ...args], {
      cwd,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
      stdio: 'pipe',
    });
    return readFileSync(join(out, name), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The remote MCP server's Worker as wrangler.toml deploys it: `main` is the compiled entry
 * `dist/remote/workers/entry.js`, so build the package first.
 */
export function bundleRemoteWorker(): string {
  return dryRun(PACKAGE_DIR, 'entry.js');
}

/** bench/direct-worker.ts bundled with the same wrangler, compatibility date and flags. */
export function bundleDirectWorker(): string {
  const dir = mkdtempSync(join(tmpdir(), 'acctkit-bench-direct-'));
  try {
    const config = join(dir, 'wrangler.toml');
    writeFileSync(
      config,
      [
        'name = "acctkit-bench-direct"',
        `main = ${JSON.stringify(join(PACKAGE_DIR, 'bench/direct-worker.ts'))}`,
        'compatibility_date = "2026-08-01"',
        'compatibility_flags = ["nodejs_compat"]',
        '',
      ].join('\n'),
    );
    return dryRun(dir, 'direct-worker.js', ['--config', config]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
