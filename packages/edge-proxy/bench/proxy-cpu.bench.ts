/**
 * The proxy's own CPU per request on Node, in-process: 64 requests in flight through `app.fetch` (key
 * check, route allow-list, vault token, signature, header filtering, the JSON request log line) to an
 * upstream stub injected as the proxy's `fetch` (a fixed 20-record list, or 201 for a POST).
 *
 * "Own CPU" is the process CPU time (user + system, `process.cpuUsage`) of a slice of requests through
 * the proxy, minus that of the same slice sent by the same load loop straight to the stub (what the
 * load generator and the stub cost), divided by the requests. Slices of proxy and stub alternate in
 * every round; the median of the rounds and the minimum are reported beside the 1-minute load average.
 * The log sink counts each line's length (the record is built and serialised as on Node; the write to
 * stdout is not counted).
 *
 * Run by `pnpm --filter @acctkit/edge-proxy bench` under the workspace's Node 24 (the target there is
 * 60 µs a request), or `node --import tsx bench/proxy-cpu.bench.ts` under any Node. Writes
 * `.bench/edge-proxy.json` for the README's Performance table (`pnpm bench:readme`).
 */
import { loadavg } from 'node:os';
import { sign } from '@acctkit/signer';
import { type BenchTable, loadNow, median, saveBenchReport } from '@acctkit/testing/bench';
import { createMemoryStorage } from '@acctkit/token-vault';
import { hmacSha1 } from '../src/hmac-sha1.js';
import { hashKey } from '../src/index.js';
import { BENCH_FORM, BENCH_UPSTREAM, benchUpstream, inProcessProxy } from './bench-upstream.js';
import { seedProxy } from './seed-proxy.js';

const ROUNDS = Number(process.env.ACCTKIT_BENCH_ROUNDS ?? 15);
const PER_SLICE = Number(process.env.ACCTKIT_BENCH_REQUESTS ?? 2000);
const IN_FLIGHT = 64;
const TARGET_US = 60;

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

type Send = (request: Request) => Promise<Response>;

/** CPU µs (user + system) for `count` requests made by `make`, `IN_FLIGHT` at a time, through `send`. */
async function cpuSlice(send: Send, make: () => Request, count: number): Promise<number> {
  let left = count;
  const worker = async (): Promise<void> => {
    while (left > 0) {
      left--;
      const response = await send(make());
      await response.arrayBuffer();
      if (response.status >= 300) throw new Error(`answered ${response.status}`);
    }
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/** CPU µs per call of `fn`, `IN_FLIGHT` at a time: median and minimum of `rounds` slices of `count`. */
async function cpuPerCall(fn: () => unknown, count: number, rounds: number): Promise<[number, number]> {
  const run = async (): Promise<number> => {
    let left = count;
    const before = process.cpuUsage();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (left-- > 0) await fn();
      }),
    );
    const used = process.cpuUsage(before);
    return (used.user + used.system) / count;
  };
  await run();
  const v: number[] = [];
  for (let r = 0; r < rounds; r++) v.push(await run());
  return [median(v), Math.min(...v)];
}

/**
 * What the main parts of a request cost alone at the same concurrency, through public APIs: the
 * signature (the signer's HMAC-SHA1 goes through WebCrypto; a synchronous one beside it for
 * comparison), the upstream `Request` with and without the abort signal of the timeout (and with
 * `AbortSignal.timeout`, which is not used), the key's hash and one storage read.
 */
async function parts(): Promise<string[][]> {
  const creds = { signingSecret: 'bench-signing', accessToken: 'a'.repeat(40) };
  const url = `${BENCH_UPSTREAM}/accounts/v2/contacts?search=Ann&$itemsPerPage=20`;
  const storage = createMemoryStorage();
  await storage.set('k', { id: 'key_0', connection: 'de', scope: 'write', createdAt: 0 }, { expected: 0 });
  const key = `akp_w_${'A'.repeat(43)}`;
  const enc = new TextEncoder();
  const cases: [string, () => unknown][] = [
    ['sign, GET (with the proxy HMAC)', () => sign({ method: 'GET', url }, creds, hmacSha1)],
    [
      'sign, POST form (with the proxy HMAC)',
      () =>
        sign(
          { method: 'POST', url: `${BENCH_UPSTREAM}/accounts/v2/contacts`, body: BENCH_FORM },
          creds,
          hmacSha1,
        ),
    ],
    ['sign, GET (WebCrypto HMAC, replaced)', () => sign({ method: 'GET', url }, creds)],
    ['HMAC-SHA1, the proxy (@noble/hashes)', () => hmacSha1('bench-signing&token', url)],
    [
      'WebCrypto HMAC-SHA1 alone (replaced)',
      (() => {
        const k = crypto.subtle.importKey(
          'raw',
          enc.encode('bench-signing'),
          { name: 'HMAC', hash: 'SHA-1' },
          false,
          ['sign'],
        );
        return async () => crypto.subtle.sign('HMAC', await k, enc.encode(url));
      })(),
    ],
    [
      'upstream Request with the timeout signal',
      () => new Request(url, { headers: { 'user-agent': 'u' }, signal: new AbortController().signal }),
    ],
    ['upstream Request without a signal', () => new Request(url, { headers: { 'user-agent': 'u' } })],
    [
      'Request with AbortSignal.timeout (unused)',
      () => new Request(url, { headers: { 'user-agent': 'u' }, signal: AbortSignal.timeout(30_000) }),
    ],
    ['hashKey (synchronous SHA-256)', () => hashKey(key)],
    ['WebCrypto SHA-256 digest (replaced)', () => crypto.subtle.digest('SHA-256', enc.encode(key))],
    ['one memory-storage read', () => storage.get('k')],
  ];
  const rows: string[][] = [];
  for (const [name, fn] of cases) {
    const [m, min] = await cpuPerCall(fn, 10_000, 5);
    out(
      `  ${name.padEnd(42)} median ${m.toFixed(1).padStart(5)} µs   minimum ${min.toFixed(1).padStart(5)} µs`,
    );
    rows.push([name, `${m.toFixed(1)} µs`, `${min.toFixed(1)} µs`]);
  }
  return rows;
}

async function main(): Promise<void> {
  let logged = 0;
  let lines = 0;
  const app = inProcessProxy((line) => {
    logged += line.length;
    lines++;
  });
  const key = await seedProxy(app);

  const getInit = { headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'bench' } };
  const postInit = {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'User-Agent': 'bench',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: BENCH_FORM,
  };
  const viaProxy: Send = (request) => Promise.resolve(app.fetch(request));
  const cases = [
    {
      name: 'GET /accounts/v2/contacts?…',
      make: () => new Request('http://proxy.test/accounts/v2/contacts?search=Ann&$itemsPerPage=20', getInit),
    },
    {
      name: 'POST /accounts/v2/contacts',
      make: () => new Request('http://proxy.test/accounts/v2/contacts', postInit),
    },
  ];
  // Warm-up: JIT, the vault's token manager, the key's storage path.
  for (const c of cases) {
    await cpuSlice(viaProxy, c.make, PER_SLICE);
    await cpuSlice(benchUpstream, c.make, PER_SLICE);
  }
  const own = cases.map(() => [] as number[]);
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      const proxied = await cpuSlice(viaProxy, c.make, PER_SLICE);
      const direct = await cpuSlice(benchUpstream, c.make, PER_SLICE);
      own[i]?.push((proxied - direct) / PER_SLICE);
    }
    loads.push(loadavg()[0] ?? 0);
  }
  if (lines === 0 || logged === 0)
    throw new Error('The request log wrote nothing: the bench would not count it.');
  const load = loadNow();
  out(
    `Node ${process.version}: proxy CPU per request (process CPU through the proxy minus the same load sent to the stub), ${IN_FLIGHT} in flight, ${ROUNDS} interleaved rounds of ${PER_SLICE} requests per case; load ${load} (1 min)`,
  );
  const rows: string[][] = [];
  for (const [i, c] of cases.entries()) {
    const v = own[i] ?? [];
    const m = median(v);
    const min = Math.min(...v);
    out(
      `${c.name.padEnd(30)} median ${m.toFixed(1).padStart(6)} µs   minimum ${min.toFixed(1).padStart(6)} µs   target ≤ ${TARGET_US} µs   load ${load}`,
    );
    rows.push([c.name, `${m.toFixed(1)} µs`, `${min.toFixed(1)} µs`, `≤ ${TARGET_US} µs`, load]);
  }
  const tables: BenchTable[] = [
    {
      title: `The proxy's own CPU per request on Node ${process.version}, in-process (\`app.fetch\`, ${IN_FLIGHT} requests in flight, an injected upstream stub, the JSON request log line built and serialised): process CPU time through the proxy minus the same load sent straight to the stub, per request; median of ${ROUNDS} interleaved rounds of ${PER_SLICE} requests, the minimum beside it, and the 1-minute load average at the end of the run.`,
      columns: ['Request', 'Own CPU (median)', 'Minimum', 'Target', 'Load (1 min)'],
      rows,
    },
  ];
  out('the parts alone, CPU per call at the same concurrency:');
  tables.push({
    title: `Where it goes: the main parts of a request alone, CPU per call at ${IN_FLIGHT} in flight (median of 5 rounds of 10,000 calls, and the minimum), through public APIs in the same run.`,
    columns: ['Part', 'CPU per call (median)', 'Minimum'],
    rows: await parts(),
  });
  out(`figures written to ${saveBenchReport('edge-proxy', tables)}`);
}

await main();
