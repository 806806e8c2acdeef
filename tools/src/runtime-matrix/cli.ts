/**
 * Runs runtime-neutral modules in every runtime acctkit supports.
 *
 *   pnpm matrix                       test modules of every package in packages.ts, every runtime
 *   pnpm matrix --package packages/signer --runtime deno,bun
 *   tsx tools/src/runtime-matrix/cli.ts bench bench/sign.bench.ts [--runtime node24]
 *
 * `bench` runs a module exporting `run(log)` once per runtime and prints what it logs.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MatrixSandbox } from '@acctkit/testing';
import { repoRoot } from '../paths.ts';
import { bundleScript, bundleTests } from './bundle.ts';
import { type MatrixPackage, matrixPackages } from './packages.ts';
import { allRuntimes, type RuntimeName, runIn } from './runtimes.ts';

/** Benches read their clock after a timer, so workerd (whose clock only advances on I/O) takes part. */
const benchRuntimes: readonly RuntimeName[] = allRuntimes;

async function testFilesOf(packageDir: string): Promise<string[]> {
  const testDir = join(packageDir, 'test');
  const entries = await readdir(testDir, { recursive: true });
  return entries
    .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.node.test.ts') && !f.endsWith('.types.test.ts'))
    .sort()
    .map((f) => join(testDir, f));
}

function pickRuntimes(value: string | undefined, fallback: readonly RuntimeName[]): RuntimeName[] {
  if (!value) return [...fallback];
  const names = value.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!allRuntimes.includes(name as RuntimeName)) {
      throw new Error(`unknown runtime "${name}"; choose from ${allRuntimes.join(', ')}`);
    }
  }
  return names as RuntimeName[];
}

const adminToken = 'runtime-matrix-admin';

/** Starts a fresh in-memory sandbox on a free loopback port; the caller closes it. */
async function startSandbox(): Promise<{ sandbox: MatrixSandbox; close: () => Promise<void> }> {
  const { startServer } = await import('@acctkit/sandbox');
  const server = await startServer({ port: 0, database: ':memory:', adminToken, rateLimitPerMinute: 0 });
  return { sandbox: { url: server.url, adminToken }, close: () => server.close() };
}

async function runTests(packages: MatrixPackage[], runtimes: RuntimeName[]): Promise<boolean> {
  let allOk = true;
  const rows: string[] = [];
  let passed = 0;
  let failed = 0;
  // As vitest does: `.only` focuses a local run and fails a CI run, where it would hide the rest.
  const allowOnly = !process.env.CI;
  for (const { dir: pkg, sandbox: needsSandbox, testTimeout } of packages) {
    const packageDir = resolve(repoRoot, pkg);
    const files = await testFilesOf(packageDir);
    if (files.length === 0) throw new Error(`${pkg} has no runtime-neutral test modules in test/`);
    const dir = await mkdtemp(join(tmpdir(), 'acctkit-matrix-'));
    try {
      await bundleTests(packageDir, files, join(dir, 'bundle.mjs'));
      for (const runtime of runtimes) {
        const started = Date.now();
        const server = needsSandbox ? await startSandbox() : undefined;
        const outcome = await runIn(runtime, dir, 300_000, server?.sandbox, {
          allowOnly,
          ...(testTimeout === undefined ? {} : { testTimeout }),
        }).finally(() => server?.close());
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const r = outcome.report;
        const counts = r ? `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped` : 'no report';
        rows.push(
          `${outcome.ok ? 'ok  ' : 'FAIL'}  ${pkg.padEnd(20)} ${runtime.padEnd(9)} ${counts} (${seconds} s)`,
        );
        console.log(rows.at(-1));
        passed += r?.passed ?? 0;
        failed += r?.failed ?? (outcome.ok ? 0 : 1);
        if (!outcome.ok) {
          allOk = false;
          if (outcome.output.trim()) console.log(outcome.output.trim().replace(/^/gm, '      '));
        }
        if (r && r.focused.length > 0) {
          console.log(`      .only in ${r.focused.join(', ')}: only the marked tests ran there`);
        }
        if (r && r.passed + r.failed === 0) {
          allOk = false;
          console.log('      no test ran');
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  console.log(`\nruntime matrix: ${passed} passed, ${failed} failed`);
  return allOk;
}

async function runBench(script: string, runtimes: RuntimeName[]): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'acctkit-bench-'));
  let allOk = true;
  try {
    await bundleScript(resolve(script), join(dir, 'bundle.mjs'));
    for (const runtime of runtimes) {
      console.log(`\n## ${runtime}`);
      // The machine's 1-minute load average, sampled every second while the runtime runs: on a shared
      // machine it says how far the figures can be trusted.
      const load = [loadavg()[0] ?? 0];
      const sampler = setInterval(() => load.push(loadavg()[0] ?? 0), 1000);
      const outcome = await runIn(runtime, dir, 600_000).finally(() => clearInterval(sampler));
      console.log(outcome.output.trim());
      const sorted = [...load].sort((a, b) => a - b);
      const at = (q: number): string => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2);
      console.log(
        `load (1-min average, ${availableParallelism()} cores) during the run: minimum ${at(0)}, median ${at(0.5)}, maximum ${at(1)}`,
      );
      if (!outcome.ok) allOk = false;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return allOk;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { package: { type: 'string', multiple: true }, runtime: { type: 'string' } },
  });
  let ok: boolean;
  if (positionals[0] === 'bench') {
    const script = positionals[1];
    if (!script) throw new Error('usage: cli.ts bench <module exporting run(log)> [--runtime a,b]');
    ok = await runBench(script, pickRuntimes(values.runtime, benchRuntimes));
  } else {
    const chosen = values.package?.map(
      (dir) => matrixPackages.find((p) => resolve(repoRoot, p.dir) === resolve(repoRoot, dir)) ?? { dir },
    );
    ok = await runTests(chosen ?? [...matrixPackages], pickRuntimes(values.runtime, allRuntimes));
  }
  // Child runtimes and their sockets are gone by now; exit without waiting on idle keep-alive timers.
  process.exit(ok ? 0 : 1);
}

await main();
