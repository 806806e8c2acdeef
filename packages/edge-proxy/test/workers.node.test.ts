/**
 * The Workers build under workerd (Miniflare): the entry module of `wrangler.toml`, bundled, with the
 * vault's Durable Object class, in front of a sandbox on localhost whose token endpoint is counted.
 * 50 concurrent requests over an expired token make exactly one refresh: the connection's lease in its
 * Durable Object serializes it, and the rotated refresh token sealed there is the one that works next.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, type Sandbox } from '@acctkit/sandbox';
import { generateKeyText } from '@acctkit/token-vault';
import { serve } from '@hono/node-server';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const SANDBOX_ADMIN = 'workers-test-sandbox-admin';
const ADMIN = 'workers-test-proxy-admin-token';
const ENCRYPTION_KEYS = generateKeyText('w1');
const wranglerToml = readFileSync(join(packageDir, 'wrangler.toml'), 'utf8');

/** `main` of wrangler.toml: the entry module bundled here is the one wrangler deploys. */
function wranglerMain(): string {
  const main = /^main\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
  if (!main) throw new Error('wrangler.toml has no main');
  return main;
}

/** The Durable Object bindings of wrangler.toml, as binding name → class name. */
function wranglerObjects(): Record<string, string> {
  const bindings: Record<string, string> = {};
  for (const [, name, className] of wranglerToml.matchAll(
    /\[\[durable_objects\.bindings\]\]\s*name\s*=\s*"([^"]+)"\s*class_name\s*=\s*"([^"]+)"/g,
  ))
    bindings[name as string] = className as string;
  return bindings;
}

describe('Workers: Durable Objects under workerd', () => {
  let sandbox: Sandbox;
  let server: ReturnType<typeof serve>;
  let sandboxUrl: string;
  let tokenCalls = 0;
  let mf: Miniflare;
  let dir: string;

  const sandboxAdmin = async (path: string, body: unknown): Promise<Record<string, string | number>> => {
    const r = await fetch(`${sandboxUrl}/_sandbox/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SANDBOX_ADMIN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as Record<string, string | number>;
  };
  const proxyAdmin = async (method: string, path: string, body?: unknown): Promise<Response> =>
    (await mf.dispatchFetch(`http://proxy.test/_proxy/${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })) as unknown as Response;

  beforeAll(async () => {
    sandbox = createSandbox({ database: ':memory:', adminToken: SANDBOX_ADMIN, rateLimitPerMinute: 0 });
    await new Promise<void>((resolve) => {
      server = serve(
        {
          fetch: (request: Request) => {
            if (new URL(request.url).pathname === '/oauth2/token') tokenCalls++;
            return sandbox.fetch(request);
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        (info: AddressInfo) => {
          sandboxUrl = `http://127.0.0.1:${info.port}`;
          resolve();
        },
      );
    });
    dir = mkdtempSync(join(tmpdir(), 'edge-proxy-workers-'));
    execFileSync(
      join(packageDir, 'node_modules/.bin/esbuild'),
      [
        wranglerMain(),
        '--bundle',
        '--format=esm',
        '--platform=neutral',
        '--main-fields=module,main',
        '--conditions=workerd,worker,browser,import',
        '--external:cloudflare:workers',
        `--outfile=${join(dir, 'entry.js')}`,
        '--log-level=error',
      ],
      { cwd: packageDir },
    );
    const minted = await sandboxAdmin('tokens', { business: 'de', scope: 'full_access' });
    // The bindings of wrangler.toml, with the sandbox as the upstream.
    mf = new Miniflare({
      modules: true,
      script: readFileSync(join(dir, 'entry.js'), 'utf8'),
      compatibilityDate: '2025-09-01',
      durableObjects: wranglerObjects(),
      bindings: {
        UPSTREAM_URL: sandboxUrl,
        CLIENT_ID: String(minted.client_id),
        CLIENT_SECRET: String(minted.client_secret),
        SIGNING_SECRET: String(minted.signing_secret),
        ADMIN_TOKEN: ADMIN,
        ENCRYPTION_KEYS: ENCRYPTION_KEYS,
        RATE_LIMIT_PER_MINUTE: '0',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await mf?.dispose();
    await new Promise((r) => server?.close(r));
    sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("wrangler.toml binds the vault's Durable Object class the entry module exports", () => {
    expect(wranglerObjects()).toEqual({ VAULT: 'VaultObject' });
    expect(wranglerToml).toMatch(/new_sqlite_classes = \["VaultObject"\]/);
    expect(wranglerToml).toContain('wrangler secret put ENCRYPTION_KEYS');
  });

  it('50 concurrent requests over an expired token: one refresh, every request answered', async () => {
    const minted = await sandboxAdmin('tokens', { business: 'de', scope: 'full_access' });
    // Connected with an access token that has already expired.
    const connected = await proxyAdmin('POST', 'connections', {
      id: 'de',
      variant: 'de',
      access_token: minted.access_token,
      refresh_token: minted.refresh_token,
      expires_in: -60,
    });
    expect(connected.status).toBe(201);
    const made = (await (await proxyAdmin('POST', 'keys', { connection: 'de', scope: 'read' })).json()) as {
      key: string;
    };
    tokenCalls = 0;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        mf.dispatchFetch('http://proxy.test/core/v2/me', {
          headers: { Authorization: `Bearer ${made.key}` },
        }),
      ),
    );
    const statuses = await Promise.all(
      responses.map(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
    expect(statuses).toEqual(Array(50).fill(200));
    expect(tokenCalls).toBe(1);
  });

  it('a token the service expired: one refresh with the stored rotated refresh token, for concurrent 401s', async () => {
    const made = (await (await proxyAdmin('POST', 'keys', { connection: 'de', scope: 'write' })).json()) as {
      key: string;
    };
    // The service's clock moves past the access token's expiry; the proxy still thinks it is fresh.
    await sandboxAdmin('clock', { advance_seconds: 3700 });
    tokenCalls = 0;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        mf.dispatchFetch('http://proxy.test/accounts/v2/contact_types', {
          headers: { Authorization: `Bearer ${made.key}` },
        }),
      ),
    );
    for (const r of responses) {
      expect(r.status).toBe(200);
      await r.arrayBuffer();
    }
    expect(tokenCalls).toBe(1);
  });

  it('keys and connections live in Durable Objects: listed, revoked, refused', async () => {
    const made = (await (await proxyAdmin('POST', 'keys', { connection: 'de', scope: 'read' })).json()) as {
      id: string;
      key: string;
    };
    const listed = await (await proxyAdmin('GET', 'keys?connection=de')).text();
    expect(listed).toContain(made.id);
    expect(listed).not.toContain(made.key);
    const write = await mf.dispatchFetch('http://proxy.test/accounts/v2/contacts', {
      method: 'POST',
      headers: { Authorization: `Bearer ${made.key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'contact[name]=x',
    });
    expect(write.status).toBe(403);
    await write.arrayBuffer();
    expect((await proxyAdmin('DELETE', `keys/${made.id}`)).status).toBe(204);
    const revoked = await mf.dispatchFetch('http://proxy.test/core/v2/me', {
      headers: { Authorization: `Bearer ${made.key}` },
    });
    expect(revoked.status).toBe(401);
    await revoked.arrayBuffer();
    const connections = (await (await proxyAdmin('GET', 'connections')).json()) as {
      connections: { id: string }[];
    };
    expect(connections.connections.map((c) => c.id)).toEqual(['de']);
  });
});
