// The remote MCP server under load (prints figures, asserts nothing): list_contacts tool calls per
// second and p50/p99 latency over authenticated Streamable HTTP with 1 and with 50 concurrent MCP
// clients (the SDK's Client, each with its own grant; the default 2025-11-25 client with a session,
// and one pinned to 2026-07-28), beside the same page read directly with @acctkit/client from the
// same sandbox. The serving side (sandbox and remote server, bench/remote-serve.ts) runs in a process
// of its own and the clients in this one, as they would on other machines; both share the machine's
// cores. Each run also reads the CPU time both processes spent, so the table says what a call costs
// the clients and what it costs the serving side, and from that what ratio the remote path could
// reach if the MCP server's own work cost nothing. Rounds interleave the paths (remote 2025, direct,
// remote 2026, for 1 client then for 50); each figure is the median of the rounds, with the worst round
// beside it, and the machine's 1-minute load average beside each row.
// Run: pnpm --filter @acctkit/mcp-server exec tsx bench/remote.bench.ts   (BENCH_ROUNDS=15 by default)
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@acctkit/client';
import { saveBenchReport } from '@acctkit/testing/bench';
import type { Client } from '@modelcontextprotocol/client';
import type { ProtocolVersion } from '../test/remote-helpers.js';
import {
  type Call,
  LOAD_SIZES,
  type LoadResult,
  mcpUser,
  median,
  runLoad,
} from '../test/remote-throughput.js';
import type { Served } from './remote-serve.js';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 15));
const CLIENTS = LOAD_SIZES[1][0];
const SIZES = LOAD_SIZES;
type Path = 'direct' | ProtocolVersion;
const PATHS: readonly Path[] = ['2025-11-25', 'direct', '2026-07-28'];
const LABEL: Record<Path, string> = {
  direct: 'direct client',
  '2025-11-25': 'remote MCP, 2025-11-25 client (session)',
  '2026-07-28': 'remote MCP, 2026-07-28 client (stateless)',
};

const began = performance.now();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./remote-serve.ts', import.meta.url))],
  { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, BENCH_CLIENTS: String(CLIENTS) } },
);
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const nextLine = async (): Promise<string> => {
  const next = await lines.next();
  if (next.done) throw new Error('The serving process ended early (its errors are above).');
  return next.value;
};
/** The serving process's CPU time so far, in ms. */
const servingCpu = async (): Promise<number> => {
  child.stdin.write('cpu\n');
  return Number(await nextLine());
};
const ownCpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const served = JSON.parse(await nextLine()) as Served;
const opened: Client[] = [];
const calls: Record<Path, Call[]> = { direct: [], '2025-11-25': [], '2026-07-28': [] };
for (const version of ['2025-11-25', '2026-07-28'] as const) {
  for (const [i, token] of served.remoteTokens[version].entries()) {
    const user = await mcpUser(served.mcpUrl, token, version, `bench-${version}-${i}`);
    opened.push(user.client);
    calls[version].push(user.call);
  }
}
for (const credentials of served.directTokens) {
  const api = createClient({
    variant: 'de',
    baseUrl: served.sandboxUrl,
    credentials,
    userAgent: 'acctkit-bench',
  });
  calls.direct.push(async () => {
    const { error } = await api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } });
    if (error) throw new Error(`direct call failed: ${JSON.stringify(error)}`);
  });
}

interface Run {
  readonly run: LoadResult;
  readonly load: number;
  /** CPU ms per call in this process (the clients) and in the serving process. */
  readonly clientCpu: number;
  readonly servingCpu: number;
}

try {
  // Warm-up: every client's first calls (grant read, token set opened, JIT, connection pools).
  for (const path of PATHS) await runLoad(calls[path], 2);

  const results = new Map<string, Run[]>();
  const ratios = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [n, each] of SIZES) {
      const runs = new Map<Path, LoadResult>();
      for (const path of PATHS) {
        const serving0 = await servingCpu();
        const own0 = ownCpu();
        const run = await runLoad(calls[path].slice(0, n), each);
        const own = ownCpu() - own0;
        const serving = (await servingCpu()) - serving0;
        runs.set(path, run);
        const key = `${n}|${path}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          {
            run,
            load: loadavg()[0] ?? 0,
            clientCpu: own / run.calls,
            servingCpu: serving / run.calls,
          },
        ]);
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
  const throughput = {
    title: `list_contacts (limit 1), Node ${process.version}, ${ROUNDS} interleaved rounds (${seconds} s). Median of the rounds; in brackets the worst round (lowest calls/s and ratio, highest p99). CPU: ms of CPU time per call in the clients' process and in the serving process (sandbox, and the remote server for the remote paths), medians.`,
    columns: [
      'clients',
      'path',
      'calls/round',
      'calls/s',
      'remote/direct',
      'p50 ms',
      'p99 ms',
      'CPU clients',
      'CPU serving',
      'load (1 min)',
    ],
    rows: SIZES.flatMap(([n, each]) =>
      PATHS.map((path) => {
        const rows = results.get(`${n}|${path}`) ?? [];
        const perSecond = rows.map((r) => r.run.perSecond);
        const p99 = rows.map((r) => r.run.p99);
        const loads = rows.map((r) => r.load);
        const ratio = ratios.get(`${n}|${path}`);
        return [
          String(n),
          LABEL[path],
          String(n * each),
          `${median(perSecond).toFixed(0)} (${Math.min(...perSecond).toFixed(0)})`,
          ratio ? `${(100 * median(ratio)).toFixed(0)} % (${(100 * Math.min(...ratio)).toFixed(0)} %)` : '',
          median(rows.map((r) => r.run.p50)).toFixed(1),
          `${median(p99).toFixed(1)} (${Math.max(...p99).toFixed(1)})`,
          median(rows.map((r) => r.clientCpu)).toFixed(2),
          median(rows.map((r) => r.servingCpu)).toFixed(2),
          `${median(loads).toFixed(2)} (${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)})`,
        ];
      }),
    ),
  };
  // Where a call's CPU goes at 50 clients. The remote path does the direct path's work (the server's
  // own @acctkit/client call and the sandbox) plus the MCP client's and the MCP server's. With the
  // cores saturated, calls/s follows total CPU per call, so the ratio cannot exceed
  // direct / (MCP client + direct) even if the MCP server's own work cost nothing.
  const cpu = (path: Path, side: 'clientCpu' | 'servingCpu'): number =>
    median((results.get(`${CLIENTS}|${path}`) ?? []).map((r) => r[side]));
  const directTotal = cpu('direct', 'clientCpu') + cpu('direct', 'servingCpu');
  const ceiling = {
    title: `Where a call's CPU goes at ${CLIENTS} clients (ms per call, medians of the rounds above). The remote server's own work is the serving process's CPU less the direct path's (its upstream call costs what a direct client's does, and the sandbox the same). With both cores busy, calls/s follow CPU per call: "if the MCP server cost nothing" is the ratio the remote path could reach with the MCP client's CPU alone on top of the direct path's.`,
    columns: [
      'path',
      'MCP client',
      'MCP server (own)',
      'upstream call + sandbox',
      'total',
      'direct / total',
      'if the MCP server cost nothing',
    ],
    rows: [
      [LABEL.direct, '—', '—', directTotal.toFixed(2), directTotal.toFixed(2), '100 %', '100 %'],
      ...(['2025-11-25', '2026-07-28'] as const).map((path) => {
        const mcpClient = cpu(path, 'clientCpu');
        const serverOwn = cpu(path, 'servingCpu') - directTotal;
        const total = mcpClient + cpu(path, 'servingCpu');
        return [
          LABEL[path],
          mcpClient.toFixed(2),
          serverOwn.toFixed(2),
          directTotal.toFixed(2),
          total.toFixed(2),
          `${((100 * directTotal) / total).toFixed(0)} %`,
          `${((100 * directTotal) / (mcpClient + directTotal)).toFixed(0)} %`,
        ];
      }),
    ],
  };
  for (const table of [throughput, ceiling]) {
    out('');
    out(table.title);
    out(`| ${table.columns.join(' | ')} |`);
    out(`|${table.columns.map(() => '---').join('|')}|`);
    for (const row of table.rows) out(`| ${row.join(' | ')} |`);
  }
  out(`\nreport: ${saveBenchReport('mcp-remote', [throughput, ceiling])}`);
} finally {
  await Promise.all(opened.map((c) => c.close()));
  child.stdin.write('quit\n');
}
