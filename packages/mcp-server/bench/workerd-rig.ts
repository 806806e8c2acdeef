// The workerd twin of startThroughputRig (test/remote-throughput.ts): the remote MCP server's Worker
// and bench/direct-worker.ts, each under its own workerd (Miniflare) listening on a loopback port, in
// front of one sandbox in this process; N SDK clients each signed in with a grant of its own, beside N
// users of the direct Worker, each with a service token of its own. Both paths make one HTTP request
// from Node into workerd per call, and workerd one signed request to the sandbox.
import type { Readable } from 'node:stream';
import { DEMO_CLIENT, type RunningServer } from '@acctkit/sandbox';
import { freePort } from '@acctkit/testing/wrangler';
import type { Client } from '@modelcontextprotocol/client';
import { Miniflare } from 'miniflare';
import { base64url } from '../src/remote/secrets.js';
import {
  authorizeWithoutBrowser,
  exchange,
  type ProtocolVersion,
  sandboxAdmin,
  startSandbox,
  type Target,
} from '../test/remote-helpers.js';
import { type Call, mcpUser } from '../test/remote-throughput.js';
import { workerdChildren } from './process-cpu.js';
import { bundleDirectWorker, bundleRemoteWorker } from './workerd-bundle.js';

/** The remote Worker and the direct Worker under workerd, with `clients` users of each path. */
export interface WorkerdRig {
  readonly sandbox: RunningServer;
  /** The remote Worker's public URL (its loopback port). */
  readonly remoteUrl: string;
  readonly directUrl: string;
  /** The workerd process of each Worker (undefined where /proc is missing), for its CPU time. */
  readonly remotePid: number | undefined;
  readonly directPid: number | undefined;
  readonly remoteCalls: Readonly<Record<ProtocolVersion, readonly Call[]>>;
  readonly directCalls: readonly Call[];
  close(): Promise<void>;
}

const COMPATIBILITY = { compatibilityDate: '2026-08-01', compatibilityFlags: ['nodejs_compat'] };

/**
 * Reads and drops what workerd prints (the remote Worker's request log line of every request), or
 * passes it to stderr with BENCH_WORKERD_LOG=1 (to see a Worker's error).
 */
const drain = (stdout: Readable, stderr: Readable): void => {
  if (process.env.BENCH_WORKERD_LOG === '1') {
    stdout.pipe(process.stderr);
    stderr.pipe(process.stderr);
    return;
  }
  stdout.resume();
  stderr.resume();
};

/**
 * Bundles both Workers (the remote one from `dist/`: build first), starts a sandbox (rate limit off)
 * and both Workers on free loopback ports, with the remote Worker's per-token and registration limits
 * off (one address signs in every simulated user), then signs in `clients` users per protocol version.
 */
export async function startWorkerdRig(
  clients: number,
  versions: readonly ProtocolVersion[] = ['2025-11-25', '2026-07-28'],
  options: { remoteInspectorPort?: number } = {},
): Promise<WorkerdRig> {
  const remoteBundle = bundleRemoteWorker();
  const directBundle = bundleDirectWorker();
  const sandbox = await startSandbox();
  const [remotePort, directPort] = [await freePort(), await freePort()];
  const remoteUrl = `http://127.0.0.1:${remotePort}`;
  // Started one after the other, so each Worker's workerd is the child that appeared with it.
  const before = new Set(workerdChildren());
  const remoteMf = new Miniflare({
    name: 'acctkit-mcp-remote',
    host: '127.0.0.1',
    port: remotePort,
    ...(options.remoteInspectorPort !== undefined && { inspectorPort: options.remoteInspectorPort }),
    cf: false,
    handleRuntimeStdio: drain,
    modules: [{ type: 'ESModule', path: 'index.js', contents: remoteBundle }],
    ...COMPATIBILITY,
    durableObjects: { VAULT: { className: 'VaultObject', useSQLite: true } },
    bindings: {
      ACCTKIT_MCP_PUBLIC_URL: remoteUrl,
      ACCTKIT_BASE_URL: sandbox.url,
      ACCTKIT_CLIENT_ID: DEMO_CLIENT.clientId,
      ACCTKIT_CLIENT_SECRET: DEMO_CLIENT.clientSecret,
      ACCTKIT_SIGNING_SECRET: DEMO_CLIENT.signingSecret,
      ACCTKIT_MCP_ENCRYPTION_KEYS: `k1:${base64url(crypto.getRandomValues(new Uint8Array(32)))}`,
      ACCTKIT_MCP_RATE_LIMIT: '0',
      ACCTKIT_MCP_REGISTRATIONS_PER_MINUTE: '0',
    },
  });
  let directMf: Miniflare | undefined;
  const opened: Client[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(opened.map((c) => c.close()));
    await Promise.all([remoteMf.dispose(), directMf?.dispose()]);
    await sandbox.close();
  };
  try {
    await remoteMf.ready;
    const remotePid = workerdChildren().find((p) => !before.has(p));
    directMf = new Miniflare({
      name: 'acctkit-bench-direct',
      host: '127.0.0.1',
      port: directPort,
      cf: false,
      handleRuntimeStdio: drain,
      modules: [{ type: 'ESModule', path: 'index.js', contents: directBundle }],
      ...COMPATIBILITY,
      bindings: { ACCTKIT_BASE_URL: sandbox.url },
    });
    const directUrl = String(await directMf.ready).replace(/\/$/, '');
    const directPid = workerdChildren().find((p) => !before.has(p) && p !== remotePid);
    const remote: Target = { url: remoteUrl, mcpUrl: `${remoteUrl}/mcp` };
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
      const headers = {
        Authorization: `Bearer ${String(t.access_token)}`,
        'X-Signing-Secret': String(t.signing_secret),
      };
      directCalls.push(async () => {
        const res = await fetch(directUrl, { headers });
        const body = await res.text();
        if (!res.ok) throw new Error(`direct Worker: ${res.status} ${body}`);
      });
    }
    return { sandbox, remoteUrl, directUrl, remotePid, directPid, remoteCalls, directCalls, close };
  } catch (error) {
    await close();
    throw error;
  }
}
