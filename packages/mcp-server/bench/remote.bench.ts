// The remote MCP server under load (prints figures, asserts nothing): list_contacts tool calls per
// second and p50/p99 latency over authenticated Streamable HTTP with 1 and with 50 concurrent MCP
// clients (the SDK's Client, each with its own grant), beside the same calls made directly with
// @acctkit/client against the same sandbox in the same run.
// Run: pnpm --filter @acctkit/mcp-server exec tsx bench/remote.bench.ts
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type AccountingClient, createClient } from '@acctkit/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  authorizeWithoutBrowser,
  exchange,
  sandboxAdmin,
  startRemote,
  startSandbox,
} from '../test/remote-helpers.js';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Runs `clients` workers, each making `calls` calls one after another; returns calls/s and latencies. */
async function load(
  workers: readonly (() => Promise<unknown>)[],
  calls: number,
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    workers.map(async (call) => {
      for (let i = 0; i < calls; i++) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const sandbox = await startSandbox();
// One address registers every simulated client: the per-address registration limit is off here.
const remote = await startRemote(sandbox, { rateLimitPerMinute: 0, registrationsPerMinute: 0 });
try {
  const mcpClients: Client[] = [];
  for (let i = 0; i < 50; i++) {
    const token = String(
      (await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token,
    );
    const client = new Client({ name: `bench-${i}`, version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(remote.mcpUrl), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    mcpClients.push(client);
  }
  const directClients: AccountingClient<'de'>[] = [];
  for (let i = 0; i < 50; i++) {
    const t = await sandboxAdmin(sandbox, 'tokens', { business: 'de' });
    directClients.push(
      createClient({
        variant: 'de',
        baseUrl: sandbox.url,
        credentials: { accessToken: String(t.access_token), signingSecret: String(t.signing_secret) },
        userAgent: 'acctkit-bench',
      }),
    );
  }
  const viaMcp = (c: Client) => async () => {
    const r = await c.callTool({ name: 'list_contacts', arguments: { limit: 1 } });
    if (r.isError) throw new Error('list_contacts failed');
  };
  const direct = (api: AccountingClient<'de'>) => async () => {
    const { error } = await api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } });
    if (error) throw new Error('direct call failed');
  };
  // Warm-up: JIT, connection pools, SQLite caches.
  await load(mcpClients.slice(0, 5).map(viaMcp), 3);
  await load(directClients.slice(0, 5).map(direct), 3);

  out(`remote MCP bench (Node ${process.version}, load ${loadavg()[0]?.toFixed(2)}): list_contacts, limit 1`);
  out('| clients | path | calls | calls/s | p50 ms | p99 ms |');
  out('|---:|---|---:|---:|---:|---:|');
  for (const [n, calls] of [
    [1, 60],
    [50, 6],
  ] as const) {
    const d = await load(directClients.slice(0, n).map(direct), calls);
    const m = await load(mcpClients.slice(0, n).map(viaMcp), calls);
    const row = (path: string, r: typeof d) =>
      out(
        `| ${n} | ${path} | ${n * calls} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`,
      );
    row('direct client', d);
    row('remote MCP (HTTP, OAuth)', m);
  }
  await Promise.all(mcpClients.map((c) => c.close()));
} finally {
  await remote.close();
  await sandbox.close();
}
