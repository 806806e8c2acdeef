/**
 * Requests per second and p50/p99 latency of GET and POST through the edge proxy (key check, route
 * allow-list, token, signature, header filtering) beside a plain forward (Hono's `proxy()`, no key
 * check, no signing) in the same run, over real HTTP on loopback: a fetch load generator → the
 * proxy → an upstream that answers a fixed 20-record list. Also the signing cost per request.
 * Run by `pnpm --filter @acctkit/edge-proxy bench` under Node 24, Bun and Deno; prints figures only.
 */
import { sign } from '@acctkit/signer';
import { createMemoryStorage } from '@acctkit/token-vault';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { createProxy } from '../src/index.js';
import { BENCH_FORM, benchUpstream } from './bench-upstream.js';
import { BENCH_ADMIN_TOKEN, seedProxy } from './seed-proxy.js';
import { serveFetch } from './serve-fetch.js';

const ROUNDS = 5;
const SLICE_MS = 1000;
const IN_FLIGHT = 32;

interface Case {
  readonly name: string;
  readonly send: () => Promise<Response>;
}

async function slice(c: Case, ms: number, latencies: number[] | undefined): Promise<number> {
  let done = 0;
  const end = performance.now() + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const t = performance.now();
      const response = await c.send();
      await response.arrayBuffer();
      if (response.status >= 300) throw new Error(`${c.name} answered ${response.status}`);
      latencies?.push(performance.now() - t);
      done++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return done / ((performance.now() - start) / 1000);
}

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;
const pct = (v: number[], p: number): number => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};

export async function run(log: (line: string) => void): Promise<void> {
  const upstream = await serveFetch(benchUpstream);
  const storage = createMemoryStorage();
  const app = createProxy({
    upstream: {
      baseUrl: upstream.url,
      clientId: 'bench',
      clientSecret: 'bench-secret',
      signingSecret: 'bench-signing',
    },
    storage,
    encryptionKeys: [{ id: 'bench', key: new Uint8Array(32).fill(1) }],
    adminToken: BENCH_ADMIN_TOKEN,
    rateLimit: false,
  });
  const key = await seedProxy(app);
  const plain = new Hono();
  plain.all('*', (c) => {
    const { pathname, search } = new URL(c.req.url);
    return proxy(`${upstream.url}${pathname}${search}`, { raw: c.req.raw });
  });
  const viaProxy = await serveFetch(app.fetch);
  const viaPlain = await serveFetch(plain.fetch);

  const get =
    (base: string): Case['send'] =>
    () =>
      fetch(`${base}/accounts/v2/contacts?search=Ann&$itemsPerPage=20`, {
        headers: { Authorization: `Bearer ${key}` },
      });
  const post =
    (base: string): Case['send'] =>
    () =>
      fetch(`${base}/accounts/v2/contacts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: BENCH_FORM,
      });
  const cases: Case[] = [
    { name: 'GET  edge proxy', send: get(viaProxy.url) },
    { name: 'GET  plain forward', send: get(viaPlain.url) },
    { name: 'POST edge proxy', send: post(viaProxy.url) },
    { name: 'POST plain forward', send: post(viaPlain.url) },
  ];
  for (const c of cases) await slice(c, 500, undefined);
  const rates = cases.map(() => [] as number[]);
  const latencies = cases.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) rates[i]?.push(await slice(c, SLICE_MS, latencies[i]));
  }
  log(
    `${IN_FLIGHT} requests in flight, ${ROUNDS} rounds of ${SLICE_MS} ms per case, interleaved; median round`,
  );
  for (const [i, c] of cases.entries()) {
    const l = latencies[i] ?? [];
    log(
      `${c.name.padEnd(20)} ${median(rates[i] ?? [])
        .toFixed(0)
        .padStart(7)} req/s   p50 ${pct(l, 50).toFixed(2)} ms   p99 ${pct(l, 99).toFixed(2)} ms`,
    );
  }
  for (const [p, f, name] of [
    [0, 1, 'GET '],
    [2, 3, 'POST'],
  ] as const) {
    log(
      `${name} proxy / plain forward: ${((100 * median(rates[p] ?? [])) / median(rates[f] ?? [])).toFixed(1)} %`,
    );
  }

  // Signing alone: what the proxy adds per request for the signature, one at a time and 64 in flight.
  const creds = { signingSecret: 'bench-signing', accessToken: 'a'.repeat(40) };
  let n = 0;
  const signOne = (): Promise<unknown> => {
    n++;
    return n % 2
      ? sign(
          { method: 'GET', url: `${upstream.url}/accounts/v2/contacts?search=Ann&$itemsPerPage=20&n=${n}` },
          creds,
        )
      : sign(
          { method: 'POST', url: `${upstream.url}/accounts/v2/contacts`, body: `${BENCH_FORM}&n=${n}` },
          creds,
        );
  };
  for (let i = 0; i < 2000; i++) await signOne();
  const sequential = 5000;
  let t = performance.now();
  for (let i = 0; i < sequential; i++) await signOne();
  const oneAtATime = ((performance.now() - t) * 1000) / sequential;
  t = performance.now();
  const batches = 200;
  for (let b = 0; b < batches; b++) await Promise.all(Array.from({ length: 64 }, signOne));
  const inFlight = ((performance.now() - t) * 1000) / (batches * 64);
  log(
    `signing cost per request: ${oneAtATime.toFixed(1)} µs one at a time, ${inFlight.toFixed(1)} µs each with 64 in flight`,
  );

  await viaProxy.close();
  await viaPlain.close();
  await upstream.close();
}
