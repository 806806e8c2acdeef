// Where the remote MCP server's Worker spends its time under workerd: a V8 CPU profile of its isolate
// (the Worker and its Durable Objects) through Miniflare's inspector, taken while 50 SDK clients call
// list_contacts (limit 1), as in bench/remote-workerd.bench.ts. Prints the share of the isolate's busy
// time per part of a call and writes the profile (open it in Chrome DevTools).
// Run (Node 20 needs the flag for its WebSocket), after a build:
//   node --experimental-websocket --import tsx bench/workerd-profile.ts [2026-07-28|2025-11-25]
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@acctkit/testing/wrangler';
import type { ProtocolVersion } from '../test/remote-helpers.js';
import { runLoad } from '../test/remote-throughput.js';
import { startWorkerdRig } from './workerd-rig.js';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Parts of a call, matched from the sampled frame outwards; the first frame that matches names it. */
const PARTS: readonly (readonly [string, (name: string) => boolean])[] = [
  ['idle', (n) => n === '(idle)'],
  ['garbage collection', (n) => n === '(garbage collector)'],
  ['native, outside JavaScript', (n) => n === '(program)'],
  [
    "vault Durable Objects (stub, storage read, the objects' methods)",
    (n) => /^(idFromName|read|write|getStored|putStored|updateStored)$/.test(n),
  ],
  ['zod parsing', (n) => /_zod|safeParse|parseAsync|^_parse/.test(n)],
  ['signing (HMAC-SHA1) and the upstream fetch', (n) => /^(hmacSha1|sign|coreFetch|attemptOnce)$/.test(n)],
  ['McpServer built for the request', (n) => n === 'createServer'],
  [
    'MCP SDK transport and protocol',
    (n) =>
      /^(_onclose|handleMessage|serveModern|classifyEntryRequest|classifyInboundRequest|isLegacyRequest|SdkError|send|handle)$/.test(
        n,
      ) || n.startsWith('_invoke'),
  ],
  ['Hono routing and middleware', (n) => /^(dispatch|compose|cors\d*|bodyLimit\d*|requestId\d*)$/.test(n)],
];

function shares(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map<string, number>();
  profile.samples.forEach((sample, i) => {
    let node = byId.get(sample);
    let part = 'other JavaScript';
    find: while (node) {
      for (const [name, test] of PARTS)
        if (test(node.callFrame.functionName)) {
          part = name;
          break find;
        }
      node = byId.get(parent.get(node.id) ?? -1);
    }
    time.set(part, (time.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  time.delete('idle');
  const busy = [...time.values()].reduce((a, b) => a + b, 0);
  return [...time].map(([k, v]) => [k, v / busy] as [string, number]).sort((a, b) => b[1] - a[1]);
}

const version = (process.argv[2] ?? '2026-07-28') as ProtocolVersion;
const inspectorPort = await freePort();
const rig = await startWorkerdRig(50, [version], { remoteInspectorPort: inspectorPort });
try {
  const calls = rig.remoteCalls[version];
  await runLoad(calls, 2);
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets.find((t) => t.webSocketDebuggerUrl.endsWith('/core:user:acctkit-mcp-remote'));
  if (!target) throw new Error(`no inspector target for the remote Worker: ${JSON.stringify(targets)}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.onmessage = (m) => {
    const message = JSON.parse(String(m.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  };
  const send = <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve) => {
      pending.set(++id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  const run = await runLoad(calls, Number(process.env.BENCH_CALLS ?? 20));
  const { profile } = await send<{ profile: Profile }>('Profiler.stop');
  ws.close();
  const file = join(tmpdir(), `acctkit-remote-worker-${version}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  process.stdout.write(
    `${run.calls} list_contacts calls, ${version}, 50 clients, ${run.perSecond.toFixed(0)} calls/s under the profiler; share of the isolate's busy time:\n`,
  );
  for (const [part, share] of shares(profile))
    process.stdout.write(`${(100 * share).toFixed(1).padStart(5)} %  ${part}\n`);
  process.stdout.write(`profile: ${file}\n`);
} finally {
  await rig.close();
}
