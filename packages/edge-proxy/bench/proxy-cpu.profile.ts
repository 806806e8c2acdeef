/**
 * Where the proxy's own CPU goes: the GET or POST request of `proxy-cpu.bench.ts` (64 in flight
 * through `app.fetch`, the same upstream stub, the key seeded by `seed-proxy.ts`) under the V8 sampling
 * profiler, and the same load sent straight to the stub, as the bench subtracts it. Each profile's self
 * times are scaled to the main thread's CPU of the same runs without the profiler (the median of 5),
 * so the profiler's own cost drops out (assumed to fall evenly on what it samples); then the direct
 * run is subtracted per function. What is printed is µs a request that the proxy adds, by part
 * (package) and by function, self time only (what V8 inlined counts in its caller). CPU on other
 * threads (WebCrypto's pool, GC helpers) is one figure: the profiler samples the main thread only.
 * Node only (≥ 23.9 to split the threads):
 *
 *   node --import tsx bench/proxy-cpu.profile.ts [GET|POST] [requests]
 */
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { BENCH_FORM, benchUpstream, inProcessProxy } from './bench-upstream.js';
import { seedProxy } from './seed-proxy.js';

const method = (process.argv[2] ?? 'GET').toUpperCase();
const REQUESTS = Number(process.argv[3] ?? 40_000);
const IN_FLIGHT = 64;
const TOP = Number(process.env.ACCTKIT_PROFILE_TOP ?? 30);

const app = inProcessProxy(() => {});
const key = await seedProxy(app);
const make =
  method === 'POST'
    ? () =>
        new Request('http://proxy.test/accounts/v2/contacts', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${key}`,
            'User-Agent': 'bench',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: BENCH_FORM,
        })
    : () =>
        new Request('http://proxy.test/accounts/v2/contacts?search=Ann&$itemsPerPage=20', {
          headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'bench' },
        });

type Send = (request: Request) => Response | Promise<Response>;

// Node ≥ 23.9: the CPU time of this thread alone, which is all the profiler samples.
const threadCpu = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;

/** CPU µs a request of the process and of the main thread, `count` requests, `IN_FLIGHT` at a time. */
async function run(send: Send, count: number): Promise<{ process: number; main: number }> {
  let left = count;
  const before = process.cpuUsage();
  const beforeMain = threadCpu?.();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) {
        const response = await send(make());
        await response.arrayBuffer();
        if (response.status >= 300) throw new Error(`answered ${response.status}`);
      }
    }),
  );
  const used = process.cpuUsage(before);
  const all = (used.user + used.system) / count;
  if (!threadCpu || !beforeMain) return { process: all, main: all };
  const main = threadCpu();
  return {
    process: all,
    main: (main.user - beforeMain.user + main.system - beforeMain.system) / count,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self µs a request per function of one profiled run, scaled to `cpu` µs a request. */
async function profiled(session: Session, send: Send, cpu: number): Promise<Map<string, number>> {
  await session.post('Profiler.start');
  await run(send, REQUESTS);
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  // Native frames have no file: they are named after their caller (the crypto job's `run` is called
  // by WebCrypto's `jobPromise` and by `randomFillSync`, with very different costs).
  const callerOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) callerOf.set(child, node);
  const byFunction = new Map<string, number>();
  let sampled = 0;
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const us = selfUs.get(node.id) ?? 0;
    sampled += us;
    const caller = callerOf.get(node.id)?.callFrame;
    const file = url
      ? url.replace(/^.*\/node_modules\//, '~/').replace(/^.*\/packages\//, '')
      : caller?.url.startsWith('node:')
        ? `native, called by ${caller.functionName} (${caller.url})`
        : '';
    const name = `${functionName || '(anonymous)'}  ${file}${url && !file.endsWith('.ts') ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const scale = cpu / sampled;
  for (const [name, us] of byFunction) byFunction.set(name, us * scale);
  return byFunction;
}

/** Median CPU µs a request (process, main thread) of 5 runs of `send` without the profiler. */
async function cpuOf(send: Send): Promise<{ process: number; main: number }> {
  const runs: { process: number; main: number }[] = [];
  for (let i = 0; i < 5; i++) runs.push(await run(send, REQUESTS / 4));
  return runs.sort((a, b) => a.process - b.process)[2] as { process: number; main: number };
}

function partOf(name: string): string {
  const file = name.split('  ')[1] ?? '';
  if (file.startsWith('edge-proxy/src/')) return 'edge-proxy';
  if (file.startsWith('edge-proxy/bench/')) return 'bench load loop';
  if (/^(signer|token-vault|client)\//.test(file)) return `@acctkit/${file.split('/')[0]}`;
  if (file.startsWith('~/')) return file.slice(2).match(/^(@[^/]+\/[^/]+|[^/]+)/)?.[0] ?? file;
  if (file.includes('undici')) return 'undici (Request, Response, Headers, body)';
  if (file.startsWith('node:internal/webstreams')) return 'web streams';
  if (file.includes('jobPromise')) return 'WebCrypto job dispatch on the main thread (the HMAC of sign)';
  if (file.startsWith('node:') || file.startsWith('native, called by'))
    return 'node (timers, events, encoding, clone, …)';
  return name.trim();
}

const direct: Send = benchUpstream;
const proxied: Send = (request) => app.fetch(request);
await run(proxied, REQUESTS / 4);
await run(direct, REQUESTS / 4);
const throughCpu = await cpuOf(proxied);
const straightCpu = await cpuOf(direct);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
const through = await profiled(session, proxied, throughCpu.main);
const straight = await profiled(session, direct, straightCpu.main);
session.disconnect();

const added = new Map<string, number>();
for (const name of new Set([...through.keys(), ...straight.keys()]))
  added.set(name, (through.get(name) ?? 0) - (straight.get(name) ?? 0));
const byPart = new Map<string, number>();
for (const [name, us] of added) byPart.set(partOf(name), (byPart.get(partOf(name)) ?? 0) + us);

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const us = (v: number): string => `${v.toFixed(2).padStart(7)} µs`;
const offMain = throughCpu.process - throughCpu.main - (straightCpu.process - straightCpu.main);
out(
  `${method}, ${REQUESTS} requests, ${IN_FLIGHT} in flight: process CPU ${throughCpu.process.toFixed(1)} µs a request through the proxy, ${straightCpu.process.toFixed(1)} µs straight to the stub; the proxy adds ${(throughCpu.process - straightCpu.process).toFixed(1)} µs, ${offMain.toFixed(1)} µs of it off the main thread (WebCrypto's thread pool, GC helpers: not sampled); load ${loadavg()[0]?.toFixed(1)} (1 min)`,
);
out('added by part:');
for (const [part, v] of [...byPart].sort((a, b) => b[1] - a[1]))
  if (Math.abs(v) >= 0.05) out(`${us(v)}  ${part}`);
out('added by function (self time):');
for (const [name, v] of [...added].sort((a, b) => b[1] - a[1]).slice(0, TOP)) out(`${us(v)}  ${name}`);
