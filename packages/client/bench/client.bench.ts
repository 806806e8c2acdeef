/**
 * A client call vs a hand-written signed fetch, against the same in-process sandbox in the same run:
 * `GET /accounts/v2/contacts/{id}`. Prints requests per second of each and the client's overhead.
 *
 *   pnpm --filter @acctkit/client bench
 */
import { createSandbox } from '@acctkit/sandbox';
import { createNonce, sign } from '@acctkit/signer';
import { createClient } from '../src/index.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3000);
const sandbox = createSandbox({ database: ':memory:', adminToken: 'bench', rateLimitPerMinute: 0 });
const baseUrl = 'https://api.sandbox.test';
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
const api = createClient({
  variant: 'de',
  baseUrl,
  credentials,
  userAgent: 'acctkit-bench/1.0',
  fetch: (request) => sandbox.fetch(request),
  timeoutMs: Number(process.env.BENCH_TIMEOUT ?? 30000),
});

async function byHand(id: number): Promise<unknown> {
  const url = `${baseUrl}/accounts/v2/contacts/${id}`;
  const s = await sign({ method: 'GET', url, nonce: createNonce() }, credentials);
  const response = await sandbox.fetch(
    new Request(url, { headers: { ...s.headers, Accept: '*/*', 'User-Agent': 'acctkit-bench/1.0' } }),
  );
  if (response.status !== 200) throw new Error(`hand-written fetch answered ${response.status}`);
  return response.json();
}

async function byClient(id: number): Promise<unknown> {
  const { data, response } = await api.GET('/accounts/v2/contacts/{id}', { params: { path: { id } } });
  if (response.status !== 200) throw new Error(`client answered ${response.status}`);
  return data;
}

async function time(fn: (id: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await fn((i % 50) + 1);
  return performance.now() - start;
}

// Warm up both paths, then alternate to spread noise evenly.
await time(byHand);
await time(byClient);
const hand: number[] = [];
const client: number[] = [];
for (let i = 0; i < 3; i++) {
  hand.push(await time(byHand));
  client.push(await time(byClient));
}
const best = (xs: number[]): number => Math.min(...xs);
const perSecond = (ms: number): string => ((rounds / ms) * 1000).toFixed(0);
const overhead = ((best(client) / best(hand) - 1) * 100).toFixed(1);
console.log(`hand-written signed fetch: ${perSecond(best(hand))} req/s`);
console.log(`@acctkit/client GET:       ${perSecond(best(client))} req/s`);
console.log(`client overhead:           ${overhead}% (target ≤ 10%)`);
sandbox.close();
