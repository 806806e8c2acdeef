// The admin API describes itself: admin-api.openapi.json lists exactly the routes the app serves,
// GET /_sandbox/ lists them, and every answer is one the document describes.
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index.js';
import { ADMIN, BASE, type Json, testSandbox } from './helpers.js';
import { loadSpec, SpecValidator } from './spec-validator.js';

const sb = testSandbox();
afterAll(() => sb.close());
const admin = new SpecValidator('admin');

interface Operation {
  operationId: string;
  summary: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
}

/** The path with the operation's documented query parameter examples. */
const withExamples = (path: string, op: Operation): string => {
  const query = new URLSearchParams(
    (op.parameters ?? [])
      .filter((p) => p.in === 'query' && p.example !== undefined)
      .map((p) => [p.name, String(p.example)]),
  ).toString();
  return query === '' ? path : `${path}?${query}`;
};
const documented = Object.entries(loadSpec('admin').paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    op,
  })),
);

const send = (method: string, path: string, body?: unknown, token: string | null = ADMIN) =>
  sb.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

describe('admin-api.openapi.json', () => {
  it('has an operation for every /_sandbox/ route of the app, and the app serves every operation', () => {
    const served = sb.app.routes
      .filter((r) => r.path.startsWith('/_sandbox/') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(served)).toEqual(new Set(documented.map((d) => `${d.method} ${d.path}`)));
    expect(served).toHaveLength(documented.length);
  });

  it('every operation answers its documented success body when sent its documented example', async () => {
    for (const { method, path, op } of documented) {
      const example = op.requestBody?.content['application/json'].example;
      const res = await send(method, withExamples(path, op), example);
      // A statement export answers a file, which the validator takes as text.
      const body: Json = res.headers.get('content-type')?.startsWith('application/json')
        ? await res.json()
        : await res.text();
      expect(res.status, `${op.operationId}: ${JSON.stringify(body)}`).toBeLessThan(300);
      expect(admin.check(op.operationId, res.status, body)).toBeNull();
    }
  });

  it('the refusals are the documented 400, 401, 403 and 413 bodies', async () => {
    const bad = await send('POST', '/_sandbox/clock', { advance_seconds: 'soon' });
    expect(bad.status).toBe(400);
    expect(admin.check('advanceClock', 400, await bad.json())).toBeNull();
    const large = await send('POST', '/_sandbox/clock', { advance_seconds: 1, pad: 'x'.repeat(10_000) });
    expect(large.status).toBe(413);
    expect(admin.check('advanceClock', 413, await large.json())).toBeNull();
    const missing = await send('GET', '/_sandbox/', undefined, null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(admin.check('listAdminRoutes', 401, await missing.json())).toBeNull();
    const off = createSandbox({ database: ':memory:' });
    const disabled = await off.fetch(new Request(`${BASE}/_sandbox/`));
    off.close();
    expect(disabled.status).toBe(403);
    expect(admin.check('listAdminRoutes', 403, await disabled.json())).toBeNull();
  });
});

describe('GET /_sandbox/', () => {
  it('listAdminRoutes: lists every route with its method, path, purpose and a link into /docs', async () => {
    const res = await send('GET', '/_sandbox/');
    expect(res.status).toBe(200);
    const index = await res.json();
    expect(index.reference).toBe('/docs?variant=admin');
    expect(index.document).toBe('/docs/admin.json');
    expect(index.routes).toEqual(
      documented.map((d) => ({
        method: d.method,
        path: d.path,
        purpose: d.op.summary,
        docs: expect.stringMatching(
          /^\/docs\?variant=admin#admin\/tag\/[a-z]+\/(GET|POST|DELETE)\/_sandbox\//,
        ),
      })),
    );
    expect(index.routes).toContainEqual({
      method: 'POST',
      path: '/_sandbox/tokens',
      purpose: 'Mint an access and refresh token',
      docs: '/docs?variant=admin#admin/tag/grants/POST/_sandbox/tokens',
    });
  });

  it('/docs/admin.json is the admin document with this sandbox as its server', async () => {
    const res = await sb.fetch(new Request(`${BASE}/docs/admin.json`));
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.servers).toEqual([{ url: BASE, description: 'This acctkit sandbox' }]);
    expect(Object.keys(doc.paths)).toEqual(Object.keys(loadSpec('admin').paths));
  });
});
