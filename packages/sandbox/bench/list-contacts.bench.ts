// pnpm --filter @acctkit/sandbox bench — signed GET list vs a bare Hono handler (autocannon, real port),
// and the cost of a deep page at 1k vs 100k contacts. Traffic goes to 127.0.0.1 only and is bounded.

import { sign } from '@acctkit/signer';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { createSandbox, DEMO_CLIENT, startServer } from '../src/index.js';
import type { ContactData } from '../src/models.js';

const REQUESTS = 20_000;

async function cannon(url: string, headers: () => Record<string, string>): Promise<number> {
  const result = await autocannon({
    url,
    connections: 10,
    amount: REQUESTS,
    setupClient: (client) => {
      client.setHeaders(headers());
      client.on('response', () => client.setHeaders(headers()));
    },
  });
  // Whole-run rate: total over elapsed seconds (per-second samples are too few for short runs).
  return result.requests.total / result.duration;
}

async function bare(): Promise<number> {
  const app = new Hono();
  const items = Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Contact ${i}`, $key: i }));
  app.get('/accounts/v2/contacts', (c) =>
    c.json({ $totalResults: 20, $startIndex: 0, $itemsPerPage: 20, $resources: items }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
  const rps = await cannon(`http://127.0.0.1:${port}/accounts/v2/contacts`, () => ({}));
  server.close();
  return rps;
}

async function signed(): Promise<number> {
  const server = await startServer({ port: 0, database: ':memory:', rateLimitPerMinute: 0 });
  const t = server.sandbox.state.directory.issueTokens(
    { clientId: DEMO_CLIENT.clientId, userId: 1, businessId: 1, scope: 'readonly', codeHash: null },
    Date.now(),
    3600,
  );
  const url = `${server.url}/accounts/v2/contacts`;
  // Sign ahead of time (fresh nonce each) so the load generator measures the server, not the signer.
  const pool = await Promise.all(
    Array.from({ length: REQUESTS + 200 }, () =>
      sign({ method: 'GET', url }, { signingSecret: DEMO_CLIENT.signingSecret, accessToken: t.accessToken }),
    ),
  );
  let i = 0;
  const rps = await cannon(
    url,
    () => (pool[i++ % pool.length] as { headers: Record<string, string> }).headers,
  );
  await server.close();
  return rps;
}

async function deepPage(total: number): Promise<number> {
  const sb = createSandbox({ database: ':memory:', rateLimitPerMinute: 0 });
  const extra = total - 300;
  sb.state.store.transaction(() => {
    for (let k = 0; k < extra; k++)
      sb.state.store.insert<ContactData>(
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
  const t = sb.state.directory.issueTokens(
    { clientId: DEMO_CLIENT.clientId, userId: 1, businessId: 1, scope: 'readonly', codeHash: null },
    Date.now(),
    3600,
  );
  const url = `http://127.0.0.1/accounts/v2/contacts?$startIndex=${total - 20}&$itemsPerPage=20`;
  const runs = 200;
  const signedReqs = await Promise.all(
    Array.from({ length: runs }, () =>
      sign({ method: 'GET', url }, { signingSecret: DEMO_CLIENT.signingSecret, accessToken: t.accessToken }),
    ),
  );
  const t0 = performance.now();
  for (const s of signedReqs) {
    const res = await sb.fetch(new Request(url, { headers: s.headers }));
    if (res.status !== 200) throw new Error(`deep page: ${res.status}`);
    await res.arrayBuffer();
  }
  const ms = (performance.now() - t0) / runs;
  sb.close();
  return ms;
}

const bareRps = await bare();
const signedRps = await signed();
console.log(`bare Hono list handler:  ${bareRps.toFixed(0)} req/s`);
console.log(
  `signed GET listContacts: ${signedRps.toFixed(0)} req/s (${((signedRps / bareRps) * 100).toFixed(1)} % of bare; target >= 25 %)`,
);
const small = await deepPage(1_000);
const large = await deepPage(100_000);
console.log(`deep page at 1k contacts:   ${small.toFixed(3)} ms`);
console.log(
  `deep page at 100k contacts: ${large.toFixed(3)} ms (${(large / small).toFixed(2)}x; target < 3x)`,
);
