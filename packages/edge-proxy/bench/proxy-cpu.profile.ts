/**
 * Where the proxy's CPU goes per request: runs the GET and POST requests of `proxy-cpu.bench.ts`
 * (64 in flight through `app.fetch`, the same upstream stub and seeded key) under the V8 profiler and
 * prints the functions with the most self time, in µs per request. Node only:
 *
 *   node --import tsx bench/proxy-cpu.profile.ts [GET|POST] [requests]
 */
import { Session } from 'node:inspector/promises';
import { createMemoryStorage } from '@acctkit/token-vault';
import { createProxy } from '../src/index.js';
import { BENCH_ADMIN_TOKEN, seedProxy } from './seed-proxy.js';

const method = (process.argv[2] ?? 'GET').toUpperCase();
const REQUESTS = Number(process.argv[3] ?? 40_000);
const IN_FLIGHT = 64;
const TOP = Number(process.env.ACCTKIT_PROFILE_TOP ?? 30);

const list = JSON.stringify({
  $totalResults: 20,
  $startIndex: 0,
  $itemsPerPage: 20,
  $resources: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Contact ${i + 1}`, town: 'Köln' })),
});
const form =
  'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Bench+Contact&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln';

async function stub(request: Request): Promise<Response> {
  if (request.method === 'POST') {
    await request.arrayBuffer();
    return new Response('{"id":1,"name":"Bench Contact"}', {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  }
  return new Response(list, { headers: { 'content-type': 'application/json' } });
}

const app = createProxy({
  upstream: {
    baseUrl: 'http://upstream.test',
    clientId: 'bench',
    clientSecret: 'bench-secret',
    signingSecret: 'bench-signing',
  },
  storage: createMemoryStorage(),
  encryptionKeys: [{ id: 'bench', key: new Uint8Array(32).fill(1) }],
  adminToken: BENCH_ADMIN_TOKEN,
  rateLimit: false,
  fetch: stub,
  log: () => {},
});
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
          body: form,
        })
    : () =>
        new Request('http://proxy.test/accounts/v2/contacts?search=Ann&$itemsPerPage=20', {
          headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'bench' },
        });

async function run(count: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) {
        const response = await app.fetch(make());
        await response.arrayBuffer();
        if (response.status >= 300) throw new Error(`answered ${response.status}`);
      }
    }),
  );
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

await run(REQUESTS / 4);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
await run(REQUESTS);
const { profile } = (await session.post('Profiler.stop')) as {
  profile: { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
};
session.disconnect();

// Self time per node from the sample deltas, then summed per function (name, file, line).
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
}
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') continue;
  total += us;
  const file = url.replace(/^.*\/node_modules\//, '~/').replace(/^.*\/packages\//, '');
  const name = `${functionName || '(anonymous)'}  ${file}${file ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
}
const byPart = new Map<string, number>();
for (const [name, us] of byFunction) {
  const file = name.split('  ')[1] ?? '';
  const part = file.startsWith('edge-proxy/src/')
    ? 'edge-proxy'
    : /^(signer|token-vault|client)\//.test(file)
      ? `@acctkit/${file.split('/')[0]}`
      : file.startsWith('~/')
        ? (file.slice(2).match(/^(@[^/]+\/[^/]+|[^/]+)/)?.[0] ?? file)
        : file.includes('undici')
          ? 'undici (Request, Response, Headers)'
          : file.startsWith('node:internal/webstreams')
            ? 'web streams'
            : file.startsWith('node:')
              ? 'node (other)'
              : name.trim();
  byPart.set(part, (byPart.get(part) ?? 0) + us);
}
const rows = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP);
process.stdout.write(
  `${method}: ${REQUESTS} requests, ${IN_FLIGHT} in flight; sampled main-thread time ${(total / REQUESTS).toFixed(1)} µs a request (stub and load loop included)\n`,
);
process.stdout.write('by part:\n');
for (const [part, us] of [...byPart].sort((a, b) => b[1] - a[1]).slice(0, 14))
  process.stdout.write(`${(us / REQUESTS).toFixed(2).padStart(7)} µs  ${part}\n`);
process.stdout.write('by function:\n');
for (const [name, us] of rows)
  process.stdout.write(`${(us / REQUESTS).toFixed(2).padStart(7)} µs  ${name}\n`);
