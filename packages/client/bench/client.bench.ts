/**
 * A client call vs a hand-written signed fetch, against the same in-process sandbox in the same run:
 * `GET /accounts/v2/contacts/{id}`. Every side signs for real with a fresh nonce and sends through
 * `sandbox.fetch`; the hand-written side builds its `Request` itself (no signal, no timeout) and reads
 * the JSON. The client runs twice: with its defaults (no timeout, like the hand-written side) and with a
 * 30 s per-attempt timeout (one AbortController and one timer per attempt, so the fetch can really be
 * cancelled). Rounds of
 * `BENCH_BATCH` calls per side rotate their order so drift (the sandbox's growing nonce table, GC, a
 * busy neighbour) falls on every side alike; the figures are medians over rounds.
 *
 *   pnpm --filter @acctkit/client bench            # BENCH_ROUNDS=40 BENCH_BATCH=250
 */
import { createSandbox } from '@acctkit/sandbox';
import { sign } from '@acctkit/signer';
import { createClient } from '../src/index.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const batch = Number(process.env.BENCH_BATCH ?? 250);
const sandbox = createSandbox({ database: ':memory:', adminToken: 'bench', rateLimitPerMinute: 0 });
const baseUrl = 'https://api.sandbox.test';
const userAgent = 'acctkit-bench/1.0';
const minted = (await (
  await sandbox.fetch(
    new Request(`${baseUrl}/_sandbox/tokens`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bench' },
      body: JSON.stringify({ business: 'de' }),
    }),
  )
).json()) as { access_token: string; signing_secret: string };
const credentials = { accessToken: minted.access_token, signingSecret: minted.signing_secret };
const clientWith = (timeoutMs?: number) =>
  createClient({ variant: 'de', baseUrl, credentials, userAgent, fetch: (r) => sandbox.fetch(r), timeoutMs });
const api = clientWith();
const timed = clientWith(30_000);

/** What a careful developer writes without the client: sign (fresh nonce), send, check, parse. */
async function byHand(id: number): Promise<unknown> {
  const url = `${baseUrl}/accounts/v2/contacts/${id}`;
  const s = await sign({ method: 'GET', url }, credentials);
  const response = await sandbox.fetch(
    new Request(url, { headers: { ...s.headers, Accept: '*/*', 'User-Agent': userAgent } }),
  );
  if (response.status !== 200) throw new Error(`hand-written fetch answered ${response.status}`);
  return response.json();
}

async function byClient(id: number): Promise<unknown> {
  const { data, response } = await api.GET('/accounts/v2/contacts/{id}', { params: { path: { id } } });
  if (response.status !== 200) throw new Error(`client answered ${response.status}`);
  return data;
}

async function byTimedClient(id: number): Promise<unknown> {
  const { data, response } = await timed.GET('/accounts/v2/contacts/{id}', { params: { path: { id } } });
  if (response.status !== 200) throw new Error(`client answered ${response.status}`);
  return data;
}

/** Microseconds per call over one batch. */
async function time(fn: (id: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < batch; i++) await fn((i % 50) + 1);
  return ((performance.now() - start) * 1000) / batch;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const sides = [
  { name: 'hand-written signed fetch', fn: byHand, us: [] as number[] },
  { name: '@acctkit/client GET', fn: byClient, us: [] as number[] },
  { name: '@acctkit/client GET, timeoutMs 30 s', fn: byTimedClient, us: [] as number[] },
] as const;

// Warm up every path (JIT, key cache, prepared statements).
for (let i = 0; i < 4; i++) for (const side of sides) await time(side.fn);
for (let r = 0; r < rounds; r++)
  for (let k = 0; k < sides.length; k++) {
    const side = sides[(r + k) % sides.length] as (typeof sides)[number];
    side.us.push(await time(side.fn));
  }
const [hand, ...clients] = sides;
const paired = (us: number[]): number => median(us.map((u, r) => u / (hand.us[r] as number)));
console.log(
  `${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}: ${rounds} rounds × ${batch} calls per side, order rotated; medians`,
);
const line = (name: string, us: number): string =>
  `${name.padEnd(34)} ${us.toFixed(1).padStart(6)} µs/call ${(1e6 / us).toFixed(0).padStart(6)} req/s`;
console.log(line(hand.name, median(hand.us)));
for (const side of clients)
  console.log(
    `${line(side.name, median(side.us))}  overhead ${((paired(side.us) - 1) * 100).toFixed(1)}% (target ≤ 10%)`,
  );
sandbox.close();
