// The upstream every proxy bench stands the proxy in front of: a fixed 20-record contact list for a
// GET, 201 for a POST (its body read first), the form body the benches POST, and the proxy in front
// of it that the in-process benches measure.
import { createMemoryStorage } from '@acctkit/token-vault';
import { createProxy, type LogSink } from '../src/index.js';
import { BENCH_ADMIN_TOKEN } from './seed-proxy.js';

/** The upstream's base URL when the proxy reaches it in-process. */
export const BENCH_UPSTREAM = 'http://upstream.test';

/** The list every GET answers with. */
export const BENCH_LIST: string = JSON.stringify({
  $totalResults: 20,
  $startIndex: 0,
  $itemsPerPage: 20,
  $resources: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Contact ${i + 1}`, town: 'Köln' })),
});

/** The form body of a bench POST, with a non-ASCII escape as real bodies have. */
export const BENCH_FORM =
  'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Bench+Contact&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln';

/** Answers as the accounting service would, without doing anything. */
export async function benchUpstream(request: Request): Promise<Response> {
  if (request.method === 'POST') {
    await request.arrayBuffer();
    return new Response('{"id":1,"name":"Bench Contact"}', {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  }
  return new Response(BENCH_LIST, { headers: { 'content-type': 'application/json' } });
}

/**
 * The proxy the in-process benches measure: memory storage, rate limit off, `benchUpstream` as its
 * `fetch` (no network), and the given sink for its request log.
 */
export function inProcessProxy(log: LogSink): ReturnType<typeof createProxy> {
  return createProxy({
    upstream: {
      baseUrl: BENCH_UPSTREAM,
      clientId: 'bench',
      clientSecret: 'bench-secret',
      signingSecret: 'bench-signing',
    },
    storage: createMemoryStorage(),
    encryptionKeys: [{ id: 'bench', key: new Uint8Array(32).fill(1) }],
    adminToken: BENCH_ADMIN_TOKEN,
    rateLimit: false,
    fetch: benchUpstream,
    log,
  });
}
