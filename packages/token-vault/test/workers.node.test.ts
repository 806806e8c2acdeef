/**
 * The Durable Object adapter under workerd (Miniflare): compare-and-set across calls from many
 * requests, and an expired value deleted from the object's storage by its alarm, not only hidden.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// A Worker over the package's `/workers` entry: the storage's three methods as routes, and a subclass
// that can count what the object really holds.
const worker = `
import { createDurableObjectStorage, VaultObject } from '${join(packageDir, 'src/workers/index.ts')}';
import { takeKey, updateKey } from '${join(packageDir, 'src/index.ts')}';
export class CountingVaultObject extends VaultObject {
  async count() { return (await this.ctx.storage.list()).size; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const storage = createDurableObjectStorage(env.VAULT);
    const key = url.searchParams.get('key');
    const body = request.method === 'POST' ? await request.json() : undefined;
    switch (url.pathname) {
      case '/set': return Response.json(await storage.set(key, body.value, body.options));
      case '/get': return Response.json((await storage.get(key)) ?? null);
      case '/increment':
        return Response.json(await updateKey(storage, key, (n = 0) => ({ value: n + 1, result: n + 1 })));
      case '/take': return Response.json((await takeKey(storage, key)) ?? null);
      case '/count': return Response.json(await env.VAULT.get(env.VAULT.idFromName(key)).count());
    }
    return new Response('no route', { status: 404 });
  },
};
`;

let mf: Miniflare;
let dir: string;
const call = async (path: string, body?: unknown): Promise<unknown> => {
  const response = await mf.dispatchFetch(`http://vault.test${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vault-workers-'));
  writeFileSync(join(dir, 'worker.js'), worker);
  execFileSync(
    join(packageDir, 'node_modules/.bin/esbuild'),
    [
      join(dir, 'worker.js'),
      '--bundle',
      '--format=esm',
      '--platform=neutral',
      '--external:cloudflare:workers',
      `--outfile=${join(dir, 'bundle.js')}`,
      '--log-level=error',
    ],
    { cwd: packageDir },
  );
  mf = new Miniflare({
    modules: true,
    script: readFileSync(join(dir, 'bundle.js'), 'utf8'),
    compatibilityDate: '2025-09-01',
    durableObjects: { VAULT: { className: 'CountingVaultObject', useSQLite: true } },
  });
  await mf.ready;
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Durable Object storage (workerd)', () => {
  it('compare-and-set: 20 concurrent increments from separate requests lose none; a ticket is taken once', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => call('/increment?key=n')));
    expect(new Set(counts).size).toBe(20);
    expect(await call('/get?key=n')).toMatchObject({ value: 20, version: 20 });
    expect(await call('/set?key=ticket', { value: { connection: 'acme' }, options: { expected: 0 } })).toBe(
      true,
    );
    const taken = await Promise.all(Array.from({ length: 5 }, () => call('/take?key=ticket')));
    expect(taken.filter((t) => t !== null)).toEqual([{ connection: 'acme' }]);
  });

  it('an expired value is deleted from the object by its alarm', async () => {
    const expiresAt = Date.now() + 400;
    expect(await call('/set?key=code', { value: { used: false }, options: { expected: 0, expiresAt } })).toBe(
      true,
    );
    expect(await call('/count?key=code')).toBe(1);
    // Waits for the alarm to have run: polled, not a fixed delay, bounded by the test's timeout.
    for (;;) {
      if ((await call('/count?key=code')) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await call('/get?key=code')).toBeNull();
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  });
});
