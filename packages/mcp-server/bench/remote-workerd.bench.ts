// bench/remote.bench.ts under workerd (prints figures, asserts nothing): the remote MCP server's Worker,
// bundled by wrangler from dist/ and run by Miniflare on a loopback port with its Durable Objects,
// in front of a sandbox in this process; list_contacts tool calls per second and p50/p99 latency with
// 1 and with 50 concurrent MCP clients (the SDK's Client over plain fetch, each with its own grant; the
// default 2025-11-25 client with a session, and one pinned to 2026-07-28), beside a Worker that makes
// the direct call (bench/direct-worker.ts: the same page read with @acctkit/client), which the same
// closed loop calls with plain fetch: both paths pay one HTTP request into workerd. Rounds interleave
// the paths (remote 2025, direct, remote 2026, for 1 client then for 50); each figure is the median of
// the rounds, with the worst round beside it, and the 1-minute load average beside each row (2 shared
// cores: the load moves the figures). A second table splits the CPU per call between the workerd that
// served the path (/proc, Linux) and this process (load loop, clients, sandbox). Writes
// .bench/mcp-remote-workerd.json (`pnpm bench:readme`). BENCH_WORKERD_LOG=1 shows what workerd prints.
// Run: pnpm --filter @acctkit/mcp-server run build && pnpm --filter @acctkit/mcp-server run bench:remote-workerd
// (BENCH_ROUNDS=15 by default; wrangler bundles with the node22 of tools/).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type BenchTable, saveBenchReport } from '@acctkit/testing/bench';
import type { ProtocolVersion } from '../test/remote-helpers.js';
import { type Call, LOAD_SIZES, type LoadResult, median, runLoad } from '../test/remote-throughput.js';
import { processCpuMs } from './process-cpu.js';
import { startWorkerdRig } from './workerd-rig.js';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 15));
const SIZES = LOAD_SIZES;
type Path = 'direct' | ProtocolVersion;
const PATHS: readonly Path[] = ['2025-11-25', 'direct', '2026-07-28'];
const LABEL: Record<Path, string> = {
  direct: 'direct Worker (@acctkit/client)',
  '2025-11-25': 'remote MCP Worker, 2025-11-25 client (session)',
  '2026-07-28': 'remote MCP Worker, 2026-07-28 client (stateless)',
};

const began = performance.now();
const rig = await startWorkerdRig(50);
try {
  const calls = (path: Path): readonly Call[] =>
    path === 'direct' ? rig.directCalls : rig.remoteCalls[path];
  // Warm-up: every client's first calls (grant read, token set opened, isolate JIT, connection pools).
  for (const path of PATHS) await runLoad(calls(path), 2);

  const results = new Map<string, { run: LoadResult; load: number }[]>();
  const ratios = new Map<string, number[]>();
  /** CPU milliseconds summed over the rounds: the serving workerd's, this process's, and the calls. */
  const cpu = new Map<string, { workerd: number; node: number; calls: number }>();
  const pid = (path: Path) => (path === 'direct' ? rig.directPid : rig.remotePid);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [n, each] of SIZES) {
      const runs = new Map<Path, LoadResult>();
      for (const path of PATHS) {
        const workerdBefore = processCpuMs(pid(path));
        const nodeBefore = process.cpuUsage();
        const run = await runLoad(calls(path).slice(0, n), each);
        const node = process.cpuUsage(nodeBefore);
        const workerd = processCpuMs(pid(path)) - workerdBefore;
        runs.set(path, run);
        const key = `${n}|${path}`;
        const sum = cpu.get(key) ?? { workerd: 0, node: 0, calls: 0 };
        cpu.set(key, {
          workerd: sum.workerd + workerd,
          node: sum.node + (node.user + node.system) / 1000,
          calls: sum.calls + run.calls,
        });
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

  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  const columns = [
    'clients',
    'path',
    'calls/round',
    'calls/s',
    'remote/direct',
    'p50 ms',
    'p99 ms',
    'load (1 min)',
  ];
  const rows: string[][] = [];
  for (const [n, each] of SIZES) {
    for (const path of PATHS) {
      const measured = results.get(`${n}|${path}`) ?? [];
      const perSecond = measured.map((r) => r.run.perSecond);
      const p99 = measured.map((r) => r.run.p99);
      const loads = measured.map((r) => r.load);
      const ratio = ratios.get(`${n}|${path}`);
      rows.push([
        String(n),
        LABEL[path],
        String(n * each),
        `${median(perSecond).toFixed(0)} (${Math.min(...perSecond).toFixed(0)})`,
        ratio ? `${(100 * median(ratio)).toFixed(0)} % (${(100 * Math.min(...ratio)).toFixed(0)} %)` : '',
        median(measured.map((r) => r.run.p50)).toFixed(1),
        `${median(p99).toFixed(1)} (${Math.max(...p99).toFixed(1)})`,
        `${median(loads).toFixed(2)} (${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)})`,
      ]);
    }
  }
  const title = `list_contacts (limit 1) through the remote MCP server's Worker under workerd (Miniflare, the wrangler bundle of dist/), beside a Worker making the same request with @acctkit/client; the sandbox and the load in one Node ${process.version} process; ${ROUNDS} interleaved rounds (${seconds} s). Median of the rounds; in brackets the worst round (lowest calls/s and ratio, highest p99).`;
  out(`remote MCP bench under workerd: ${title}`);
  out(`| ${columns.join(' | ')} |`);
  out(
    `|---:|---|${columns
      .slice(2)
      .map(() => '---:')
      .join('|')}|`,
  );
  for (const row of rows) out(`| ${row.join(' | ')} |`);
  const cpuTable: BenchTable = {
    title: `Where the CPU goes, summed over the rounds and divided by the calls: the workerd process serving the path (the Worker, with the remote server's Durable Objects), and the Node process (the load loop, the SDK clients or fetch, the sandbox). /proc clock ticks of 10 ms, so read the tenths, not the hundredths.`,
    columns: ['clients', 'path', 'workerd CPU ms/call', 'Node CPU ms/call'],
    rows: SIZES.flatMap(([n]) =>
      PATHS.map((path) => {
        const sum = cpu.get(`${n}|${path}`) ?? { workerd: Number.NaN, node: Number.NaN, calls: 1 };
        return [
          String(n),
          LABEL[path],
          // No /proc (not Linux): workerd's CPU is unknown.
          Number.isNaN(sum.workerd) ? '—' : (sum.workerd / sum.calls).toFixed(2),
          (sum.node / sum.calls).toFixed(2),
        ];
      }),
    ),
  };
  out('');
  out(cpuTable.title);
  out(`| ${cpuTable.columns.join(' | ')} |`);
  out('|---:|---|---:|---:|');
  for (const row of cpuTable.rows) out(`| ${row.join(' | ')} |`);
  const table: BenchTable = { title, columns, rows };
  out(`wrote ${saveBenchReport('mcp-remote-workerd', [table, cpuTable])}`);
} finally {
  await rig.close();
}
