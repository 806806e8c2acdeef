// pnpm --filter @acctkit/sandbox bench — signed GET list vs a bare Hono handler (autocannon, real port),
// and the cost of a deep page at 1k vs 100k contacts. Traffic goes to 127.0.0.1 only and is bounded.

import { availableParallelism } from 'node:os';
import { sign } from '@acctkit/signer';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { sandboxState } from '../src/create-sandbox.js';
import { createSandbox, DEMO_CLIENT, startServer } from '../src/index.js';
import type { ContactData } from '../src/models.js';

const REQUESTS = 20_000;
const WARMUP = 10_000;
const ROUNDS = 5;

async function cannon({ url, headers }: Target, amount = REQUESTS): Promise<number> {
  const t0 = performance.now();
  let responses = 0;
  let last = t0;
  const result = await autocannon({
    url,
    connections: 10,
    amount,
    setupClient: (client) => {
      client.setHeaders(headers());
      client.on('response', () => {
        responses++;
        last = performance.now();
        client.setHeaders(headers());
      });
    },
  });
  // Every request must have succeeded: a rejected signature or a replayed nonce is a 400, not a rate.
  if (result.non2xx !== 0 || result.errors !== 0 || result.timeouts !== 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  // Whole-run rate: responses over the time from the start to the last response. autocannon notices
  // that `amount` is reached on a one-second tick, so its `duration` (and our wall time around it) is
  // rounded up to whole seconds; per-second samples are too few for short runs.
  return responses / ((last - t0) / 1000);
}

interface Target {
  readonly url: string;
  /** Headers for the next request (a fresh signature and nonce for the sandbox). */
  readonly headers: () => Record<string, string>;
  close(): Promise<void>;
}

/** A bare Hono handler returning a static 20-item list: the ceiling for this machine and adapter. */
async function bare(): Promise<Target> {
  const app = new Hono();
  const items = Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Contact ${i}`, $key: i }));
  app.get('/accounts/v2/contacts', (c) =>
    c.json({ $totalResults: 20, $startIndex: 0, $itemsPerPage: 20, $resources: items }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/accounts/v2/contacts`,
    headers: () => ({}),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The sandbox with a readonly token; every request is signed ahead with its own fresh nonce. */
async function signed(requests: number): Promise<Target> {
  const server = await startServer({ port: 0, database: ':memory:', rateLimitPerMinute: 0 });
  const t = sandboxState(server.sandbox).directory.issueTokens(
    { clientId: DEMO_CLIENT.clientId, userId: 1, businessId: 1, scope: 'readonly', codeHash: null },
    Date.now(),
    3600,
  );
  const url = `${server.url}/accounts/v2/contacts`;
  // Signed before the timed window so the load generator measures the server, not the signer. The
  // pool is never reused: a repeated nonce would be a 400, which cannon() refuses to count.
  const pool = await Promise.all(
    Array.from({ length: requests }, () =>
      sign({ method: 'GET', url }, { signingSecret: DEMO_CLIENT.signingSecret, accessToken: t.accessToken }),
    ),
  );
  let i = 0;
  return {
    url,
    headers: () => {
      const next = pool[i++];
      if (!next) throw new Error('bench: the pre-signed pool is exhausted');
      return next.headers;
    },
    close: () => server.close(),
  };
}

async function deepPage(total: number): Promise<{ steady: number; afterWrite: number }> {
  const sb = createSandbox({ database: ':memory:', rateLimitPerMinute: 0 });
  const extra = total - 300;
  sandboxState(sb).store.transaction(() => {
    for (let k = 0; k < extra; k++)
      sandboxState(sb).store.insert<ContactData>(
        'contact',
        1,
        () => ({
          contactTypeIds: [1],
          name: `Bulk ${k}`,
          company: null,
          email: '',
          mobile: '',
          telephone: '',
          notes: '',
          taxNumber: '',
          mainAddress: null,
          deliveryAddress: null,
          accountNumber: k,
          taxAuthenticationNumber: '',
          taxEligible: null,
          editable: true,
          withholdingTaxId: null,
        }),
        0,
      );
  });
  const t = sandboxState(sb).directory.issueTokens(
    { clientId: DEMO_CLIENT.clientId, userId: 1, businessId: 1, scope: 'readonly', codeHash: null },
    Date.now(),
    3600,
  );
  // 200 different pages among the last 220 records: each is rendered once, so no page is served from
  // the rendered-page cache and the figure is the cost of the seek, the rows and the rendering.
  const runs = 200;
  const urls = Array.from(
    { length: runs + 1 },
    (_, k) => `http://127.0.0.1/accounts/v2/contacts?$startIndex=${total - 20 - k}&$itemsPerPage=20`,
  );
  const signedReqs = await Promise.all(
    urls.map((url) =>
      sign({ method: 'GET', url }, { signingSecret: DEMO_CLIENT.signingSecret, accessToken: t.accessToken }),
    ),
  );
  const get = async (k: number): Promise<void> => {
    const s = signedReqs[k] as { headers: Record<string, string> };
    const res = await sb.fetch(new Request(urls[k] as string, { headers: s.headers }));
    if (res.status !== 200) throw new Error(`deep page: ${res.status}`);
    await res.arrayBuffer();
  };
  // The first page reads the page boundaries (one index scan), as the first page after a write does.
  const t1 = performance.now();
  await get(runs);
  const afterWrite = performance.now() - t1;
  const t0 = performance.now();
  for (let k = 0; k < runs; k++) await get(k);
  const steady = (performance.now() - t0) / runs;
  sb.close();
  return { steady, afterWrite };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

console.log(
  `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${availableParallelism()} cores; load generator and server share the process`,
);
// Warm both up (JIT, caches), then alternate them so that noise from other load hits both alike; the
// median round is reported.
const bareTarget = await bare();
const signedTarget = await signed(WARMUP + ROUNDS * REQUESTS + 1_000);
await cannon(bareTarget, WARMUP);
await cannon(signedTarget, WARMUP);
const rounds: { bare: number; signed: number }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const bareRps = await cannon(bareTarget);
  const signedRps = await cannon(signedTarget);
  rounds.push({ bare: bareRps, signed: signedRps });
  console.log(
    `  round ${r + 1}: bare ${bareRps.toFixed(0)} req/s, signed ${signedRps.toFixed(0)} req/s (${((signedRps / bareRps) * 100).toFixed(1)} %)`,
  );
}
await bareTarget.close();
await signedTarget.close();
const ratio = median(rounds.map((r) => r.signed / r.bare));
console.log(`bare Hono list handler:  ${median(rounds.map((r) => r.bare)).toFixed(0)} req/s (median)`);
console.log(
  `signed GET listContacts: ${median(rounds.map((r) => r.signed)).toFixed(0)} req/s (median); ${(ratio * 100).toFixed(1)} % of bare (median of the rounds; target >= 25 %)`,
);
const small = await deepPage(1_000);
const large = await deepPage(100_000);
console.log(
  `deep page at 1k contacts:   ${small.steady.toFixed(3)} ms (first page, and first after a write: ${small.afterWrite.toFixed(3)} ms)`,
);
console.log(
  `deep page at 100k contacts: ${large.steady.toFixed(3)} ms (first page, and first after a write: ${large.afterWrite.toFixed(3)} ms); ${(large.steady / small.steady).toFixed(2)}x (target < 3x)`,
);
