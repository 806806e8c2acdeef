// What bench/remote.bench.ts and remote-throughput.node.test.ts share: the remote server in front of a
// sandbox with N SDK clients, each signed in with a grant of its own, beside N direct clients of the
// same sandbox, and a closed-loop load runner that times every call.
import { performance } from 'node:perf_hooks';
import { type AccountingClient, createClient } from '@acctkit/client';
import type { RunningServer } from '@acctkit/sandbox';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import {
  authorizeWithoutBrowser,
  exchange,
  type ProtocolVersion,
  sandboxAdmin,
  startRemote,
  startSandbox,
} from './remote-helpers.js';

/** One call, made again and again by one simulated user. */
export type Call = () => Promise<void>;

/** Calls per second and latency percentiles of one load run. */
export interface LoadResult {
  readonly calls: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** The value at percentile `p` (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs every worker `calls` times one after another, all workers at once (a closed loop). */
export async function runLoad(workers: readonly Call[], calls: number): Promise<LoadResult> {
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
    calls: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** The load's round shape: clients, and calls each makes per round (about 40 calls at 1 client, 200 at 50). */
export const LOAD_SIZES = [
  [1, 40],
  [50, 4],
] as const;

/**
 * One simulated MCP user: the SDK's `Client` signed in with `token`, connected to `mcpUrl`, and its
 * call of `list_contacts` (limit 1). The SDK's default client speaks 2025-11-25 with a session, as most
 * MCP clients in use do; `2026-07-28` pins the stateless version.
 */
export async function mcpUser(
  mcpUrl: string,
  token: string,
  version: ProtocolVersion,
  name: string,
): Promise<{ client: Client; call: Call }> {
  const client = new Client(
    { name, version: '1.0.0' },
    version === '2026-07-28' ? { versionNegotiation: { mode: { pin: version } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return {
    client,
    call: async () => {
      const r = await client.callTool({ name: 'list_contacts', arguments: { limit: 1 } });
      if (r.isError) throw new Error(`list_contacts failed: ${JSON.stringify(r.structuredContent)}`);
    },
  };
}

/** The remote server and a sandbox with `clients` users of each path. */
export interface ThroughputRig {
  readonly sandbox: RunningServer;
  readonly remote: RunningRemoteServer;
  /** `list_contacts` (limit 1) through the remote server, one SDK client and grant per user. */
  readonly remoteCalls: Readonly<Record<ProtocolVersion, readonly Call[]>>;
  /** The same page read with `@acctkit/client` straight from the sandbox, one token per user. */
  readonly directCalls: readonly Call[];
  close(): Promise<void>;
}

/**
 * Starts a sandbox (rate limit off) and the remote server in front of it (per-token and
 * registration rate limits off: one address signs in every simulated user), then signs in `clients`
 * users per protocol version. Everything runs in this process, as in the tests.
 */
export async function startThroughputRig(
  clients: number,
  versions: readonly ProtocolVersion[] = ['2025-11-25', '2026-07-28'],
): Promise<ThroughputRig> {
  const sandbox = await startSandbox();
  const remote = await startRemote(sandbox, { rateLimitPerMinute: 0, registrationsPerMinute: 0 });
  const opened: Client[] = [];
  const remoteCalls: Record<ProtocolVersion, Call[]> = { '2025-11-25': [], '2026-07-28': [] };
  for (const version of versions) {
    for (let i = 0; i < clients; i++) {
      const token = String(
        (await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token,
      );
      const user = await mcpUser(remote.mcpUrl, token, version, `bench-${version}-${i}`);
      opened.push(user.client);
      remoteCalls[version].push(user.call);
    }
  }
  const directCalls: Call[] = [];
  for (let i = 0; i < clients; i++) {
    const t = await sandboxAdmin(sandbox, 'tokens', { business: 'de' });
    const api: AccountingClient<'de'> = createClient({
      variant: 'de',
      baseUrl: sandbox.url,
      credentials: { accessToken: String(t.access_token), signingSecret: String(t.signing_secret) },
      userAgent: 'acctkit-bench',
    });
    directCalls.push(async () => {
      const { error } = await api.GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } });
      if (error) throw new Error(`direct call failed: ${JSON.stringify(error)}`);
    });
  }
  return {
    sandbox,
    remote,
    remoteCalls,
    directCalls,
    async close() {
      await Promise.all(opened.map((c) => c.close()));
      await remote.close();
      await sandbox.close();
    },
  };
}
