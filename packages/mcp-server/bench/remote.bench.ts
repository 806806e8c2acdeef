// The remote MCP server under load (prints figures, asserts nothing): list_contacts tool calls per
// second and p50/p99 latency over authenticated Streamable HTTP with 1 and with 50 concurrent MCP
// clients (the SDK's Client, each with its own grant; the default 2025-11-25 client with a session,
// and one pinned to 2026-07-28), beside the same page read directly with @acctkit/client from the
// same sandbox. Rounds interleave the paths (remote 2025, direct, remote 2026, for 1 client then for
// 50); each figure is the median of the rounds, with the worst round beside it, and the machine's
// 1-minute load average beside each row (2 shared cores: the load moves the figures).
// Run: pnpm --filter @acctkit/mcp-server exec tsx bench/remote.bench.ts   (BENCH_ROUNDS=15 by default)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ProtocolVersion } from '../test/remote-helpers.js';
import {
  type Call,
  type LoadResult,
  median,
  runLoad,
  startThroughputRig,
} from '../test/remote-throughput.js';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 15));
/** Clients, and calls each makes per round: about 40 calls at 1 client, 200 at 50. */
const SIZES = [
  [1, 40],
  [50, 4],
] as const;
type Path = 'direct' | ProtocolVersion;
const PATHS: readonly Path[] = ['2025-11-25', 'direct', '2026-07-28'];
const LABEL: Record<Path, string> = {
  direct: 'direct client',
  '2025-11-25': 'remote MCP, 2025-11-25 client (session)',
  '2026-07-28': 'remote MCP, 2026-07-28 client (stateless)',
};

const began = performance.now();
const rig = await startThroughputRig(50);
try {
  const calls = (path: Path): readonly Call[] =>
    path === 'direct' ? rig.directCalls : rig.remoteCalls[path];
  // Warm-up: every client's first calls (grant read, token set opened, JIT, connection pools).
  for (const path of PATHS) await runLoad(calls(path), 2);

  const results = new Map<string, { run: LoadResult; load: number }[]>();
  const ratios = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [n, each] of SIZES) {
      const runs = new Map<Path, LoadResult>();
      for (const path of PATHS) {
        const run = await runLoad(calls(path).slice(0, n), each);
        runs.set(path, run);
        const key = `${n}|${path}`;
        results.set(key, [...(results.get(key) ?? []), { run, load: loadavg()[0] ?? 0 }]);
      }
      const direct = (runs.get('direct') as LoadResult).perSecond;
      for (const path of PATHS) {
        if (path === 'direct') continue;
        const key = `${n}|${path}`;
        ratios.set(key, [...(ratios.get(key) ?? []), (runs.get(path) as LoadResult).perSecond / direct]);
      }
    }
  }

  out(
    `remote MCP bench (Node ${process.version}, ${ROUNDS} interleaved rounds, ${((performance.now() - began) / 1000).toFixed(0)} s): list_contacts, limit 1`,
  );
  out('Median of the rounds; in brackets the worst round (lowest calls/s and ratio, highest p99).');
  out('| clients | path | calls/round | calls/s | remote/direct | p50 ms | p99 ms | load (1 min) |');
  out('|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const [n, each] of SIZES) {
    for (const path of PATHS) {
      const rows = results.get(`${n}|${path}`) ?? [];
      const perSecond = rows.map((r) => r.run.perSecond);
      const p99 = rows.map((r) => r.run.p99);
      const loads = rows.map((r) => r.load);
      const ratio = ratios.get(`${n}|${path}`);
      out(
        `| ${n} | ${LABEL[path]} | ${n * each} | ${median(perSecond).toFixed(0)} (${Math.min(...perSecond).toFixed(0)}) | ${
          ratio ? `${(100 * median(ratio)).toFixed(0)} % (${(100 * Math.min(...ratio)).toFixed(0)} %)` : ''
        } | ${median(rows.map((r) => r.run.p50)).toFixed(1)} | ${median(p99).toFixed(1)} (${Math.max(...p99).toFixed(1)}) | ${median(loads).toFixed(2)} (${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}) |`,
      );
    }
  }
} finally {
  await rig.close();
}
