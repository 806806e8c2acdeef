// The serving side of bench/remote.bench.ts, in a process of its own: a sandbox and the remote MCP
// server in front of it (rate limits off: one address signs in every simulated user), `BENCH_CLIENTS`
// users signed in per protocol version, and as many service tokens for the direct path. It prints one
// JSON line (URLs and tokens), then answers `cpu` on stdin with its CPU time so far (ms, user + system),
// so that the bench can tell the CPU the serving side spends per call from what the clients spend.
import { createInterface } from 'node:readline';
import {
  authorizeWithoutBrowser,
  exchange,
  type ProtocolVersion,
  sandboxAdmin,
  startRemote,
  startSandbox,
} from '../test/remote-helpers.js';

/** What the serving process prints first. */
export interface Served {
  readonly mcpUrl: string;
  readonly sandboxUrl: string;
  /** Access tokens of the remote server, one per user and protocol version. */
  readonly remoteTokens: Record<ProtocolVersion, string[]>;
  /** Service tokens for the direct path, one per user. */
  readonly directTokens: { accessToken: string; signingSecret: string }[];
}

const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const sandbox = await startSandbox();
const remote = await startRemote(sandbox, { rateLimitPerMinute: 0, registrationsPerMinute: 0 });
const served: Served = {
  mcpUrl: remote.mcpUrl,
  sandboxUrl: sandbox.url,
  remoteTokens: { '2025-11-25': [], '2026-07-28': [] },
  directTokens: [],
};
for (const version of ['2025-11-25', '2026-07-28'] as const)
  for (let i = 0; i < clients; i++)
    served.remoteTokens[version].push(
      String((await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token),
    );
for (let i = 0; i < clients; i++) {
  const t = await sandboxAdmin(sandbox, 'tokens', { business: 'de' });
  served.directTokens.push({ accessToken: String(t.access_token), signingSecret: String(t.signing_secret) });
}
process.stdout.write(`${JSON.stringify(served)}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${(user + system) / 1000}\n`);
  }
  if (line === 'quit') break;
}
await remote.close();
await sandbox.close();
process.exit(0);
