// The Workers build under workerd (miniflare): the entry module bundled as wrangler would, Durable
// Objects for storage, and the same behaviour tests as on Node, driven through `dispatchFetch`.
// The service is the sandbox on a real port, which the Worker reaches over localhost.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CLIENT, type RunningServer } from '@acctkit/sandbox';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Miniflare } from 'miniflare';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url } from '../src/remote/secrets.js';
import { browserSuite, startClientDocs } from './remote-browser-suite.js';
import { grantSuite } from './remote-grant-suite.js';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  refresh,
  sandboxAdmin,
  startSandbox,
  type Target,
  TOOLS_LIST,
} from './remote-helpers.js';

// Never listened on: requests reach the Worker through dispatchFetch.
const PUBLIC_URL = 'http://127.0.0.1:8787';
const TOKEN_TTL_SECONDS = 6;
let sandbox: RunningServer;
let mf: Miniflare;
let remote: Target;
let docs: { url: string; close(): Promise<void> };
let bundle = '';

const newKey = (id: string) => `${id}:${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;

/**
 * The bundled Worker under workerd, in front of the service at `baseUrl`; `keys` is its
 * ACCTKIT_MCP_ENCRYPTION_KEYS, and `persist` a folder that keeps its Durable Objects across restarts.
 */
function startWorker(baseUrl: string, options: { keys?: string; persist?: string } = {}): Miniflare {
  return new Miniflare({
    modules: [
      {
        type: 'ESModule',
        path: 'index.js',
        contents: bundle,
      },
    ],
    compatibilityDate: '2026-08-01',
    compatibilityFlags: ['nodejs_compat'],
    durableObjects: { VAULT: { className: 'VaultObject', useSQLite: true } },
    ...(options.persist && { durableObjectsPersist: options.persist }),
    bindings: {
      ACCTKIT_MCP_PUBLIC_URL: PUBLIC_URL,
      ACCTKIT_BASE_URL: baseUrl,
      ACCTKIT_CLIENT_ID: DEMO_CLIENT.clientId,
      ACCTKIT_CLIENT_SECRET: DEMO_CLIENT.clientSecret,
      ACCTKIT_SIGNING_SECRET: DEMO_CLIENT.signingSecret,
      ACCTKIT_MCP_ENCRYPTION_KEYS: options.keys ?? newKey('k1'),
      // workerd's clock cannot be moved: short-lived access tokens let the refresh be seen.
      ACCTKIT_MCP_ACCESS_TOKEN_TTL: String(TOKEN_TTL_SECONDS),
      ACCTKIT_MCP_TEST_LOOPBACK_METADATA: '1',
    },
  });
}

beforeAll(async () => {
  sandbox = await startSandbox();
  docs = await startClientDocs();
  const dir = mkdtempSync(join(tmpdir(), 'acctkit-worker-'));
  // Bundled by wrangler itself (`deploy --dry-run`), which needs Node 22: the node22 package of tools/.
  const require = createRequire(import.meta.url);
  const node22 = join(fileURLToPath(new URL('../../../tools/node_modules/node22/bin/node', import.meta.url)));
  execFileSync(
    node22,
    [
      join(require.resolve('wrangler/package.json'), '../bin/wrangler.js'),
      'deploy',
      '--dry-run',
      '--outdir',
      dir,
    ],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
      stdio: 'ignore',
    },
  );
  // Named after wrangler.toml's `main`, the package's compiled entry `dist/remote/workers/entry.js`.
  bundle = readFileSync(join(dir, 'entry.js'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
  mf = startWorker(sandbox.url);
  await mf.ready;
  remote = {
    url: PUBLIC_URL,
    mcpUrl: `${PUBLIC_URL}/mcp`,
    fetch: async (input, init) => {
      const res = await mf.dispatchFetch(String(input), { ...(init as object), redirect: 'manual' } as never);
      return res as unknown as Response;
    },
  };
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  await sandbox?.close();
  await docs?.close();
});

/** Answers the browser's requests for the Worker's URL through dispatchFetch (it listens on no port). */
async function routeToWorker(context: BrowserContext): Promise<void> {
  await context.route(`${PUBLIC_URL}/**`, async (route) => {
    const req = route.request();
    const body = req.postDataBuffer();
    const res = (await mf.dispatchFetch(req.url(), {
      method: req.method(),
      headers: await req.allHeaders(),
      ...(body && { body }),
      redirect: 'manual',
    } as never)) as unknown as Response;
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      if (key !== 'set-cookie') headers[key] = value;
    });
    const cookies = res.headers.getSetCookie();
    if (cookies.length) headers['set-cookie'] = cookies.join('\n');
    await route.fulfill({ status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) });
  });
}

browserSuite('remote MCP end to end on Workers (workerd, SDK client, Chromium)', () => ({
  sandbox,
  remote,
  docsUrl: docs.url,
  expireAccessTokens: () => new Promise((r) => setTimeout(r, TOKEN_TTL_SECONDS * 1000 + 200)),
  routeContext: routeToWorker,
}));

grantSuite('token scopes and approval bindings on Workers (workerd)', () => ({ sandbox, remote }));

describe('remote MCP on Workers (workerd)', () => {
  it('answers /mcp without a token with 401 and the resource metadata URL', async () => {
    const res = await mcpPost(remote, undefined, TOOLS_LIST);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(
      `resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('runs the authorization flow, then tools/list and a tool call against the service', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const { status, body } = await exchange(remote, a);
    expect(status).toBe(200);
    const call = await mcpPost(remote, String(body.access_token), {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_contacts', arguments: { limit: 2 } },
    });
    expect(call.status).toBe(200);
    const result = ((await call.json()) as { result: { structuredContent: { items: unknown[] } } }).result;
    expect(result.structuredContent.items).toHaveLength(2);
  });

  it('serves 2026-07-28 (server/discover, a form as an input request) and 2025-11-25 to the SDK client', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const token = String((await exchange(remote, a)).body.access_token);
    for (const version of ['2026-07-28', '2025-11-25'] as const) {
      const modern = version === '2026-07-28';
      const client = new Client(
        { name: 'workers', version: '1.0.0' },
        {
          capabilities: { elicitation: { form: {} } },
          versionNegotiation: { mode: modern ? { pin: version } : 'legacy' },
        },
      );
      const forms: string[] = [];
      client.setRequestHandler('elicitation/create', async (r) => {
        forms.push(r.params.message);
        return { action: 'accept', content: { confirm: true } };
      });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(remote.mcpUrl), {
          ...(remote.fetch && { fetch: remote.fetch }),
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
      const listed = await client.callTool({ name: 'list_contacts', arguments: { limit: 1 } });
      expect(listed.isError).toBeFalsy();
      const created = await client.callTool({
        name: 'create_contact',
        arguments: {
          name: 'Ida Vogel',
          contact_type_id: 2,
          main_address: { line_1: 'Hauptstr. 1', town: 'Köln', postcode: '50667' },
        },
      });
      const id = (created.structuredContent as { record: { id: number } }).record.id;
      // Stateless HTTP on 2025-11-25 has no way back to the client for a form: confirm: true.
      const deleted = await client.callTool({
        name: 'delete_contact',
        arguments: modern ? { id } : { id, confirm: true },
      });
      expect(deleted.structuredContent).toMatchObject({ status: 'deleted' });
      expect(forms).toHaveLength(modern ? 1 : 0);
      await client.close();
    }
  });

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = (await exchange(remote, a)).body;
    const second = await refresh(remote, a.clientId, first.refresh_token);
    expect(second.status).toBe(200);
    expect((await refresh(remote, a.clientId, first.refresh_token)).body.error).toBe('invalid_grant');
    expect((await mcpPost(remote, String(second.body.access_token), TOOLS_LIST)).status).toBe(401);
  });

  it('refuses a wrong verifier, a reused code and a service token', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    expect((await exchange(remote, { ...a, verifier: a.verifier.replace(/.$/, 'x') })).body.error).toBe(
      'invalid_grant',
    );
    // A refused request leaves the code as it was (R26); its first real use works, the second is refused.
    expect((await exchange(remote, a)).status).toBe(200);
    expect((await exchange(remote, a)).body.error).toBe('invalid_grant');
    const minted = await sandboxAdmin(sandbox, 'tokens', { business: 'de' });
    expect((await mcpPost(remote, String(minted.access_token), TOOLS_LIST)).status).toBe(401);
  });

  it('turns a revocation at the service into 401 invalid_token', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox, { business: 'pt' });
    const token = String((await exchange(remote, a)).body.access_token);
    const call = () =>
      mcpPost(remote, token, {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'list_contacts', arguments: { limit: 1 } },
      });
    expect((await call()).status).toBe(200);
    await sandboxAdmin(sandbox, 'revoke', { business: 'pt' });
    const res = await call();
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('a key removed from the ring: 401 invalid_token at /mcp, invalid_grant at /token, then a new sign-in works', async () => {
    const persist = mkdtempSync(join(tmpdir(), 'acctkit-worker-ring-'));
    const targetOf = (worker: Miniflare): Target => ({
      ...remote,
      fetch: async (input, init) =>
        (await worker.dispatchFetch(String(input), {
          ...(init as object),
          redirect: 'manual',
        } as never)) as unknown as Response,
    });
    const listContacts = (target: Target, token: unknown) =>
      mcpPost(target, String(token), {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_contacts', arguments: { limit: 1 } },
      });
    const before = startWorker(sandbox.url, { keys: newKey('k1'), persist });
    let after: Miniflare | undefined;
    try {
      await before.ready;
      const a = await authorizeWithoutBrowser(targetOf(before), sandbox);
      const first = (await exchange(targetOf(before), a)).body;
      const second = (
        await exchange(
          targetOf(before),
          await authorizeWithoutBrowser(targetOf(before), sandbox, { clientId: a.clientId }),
        )
      ).body;
      expect((await listContacts(targetOf(before), first.access_token)).status).toBe(200);
      await before.dispose();

      // The Worker redeployed with k1 gone from ACCTKIT_MCP_ENCRYPTION_KEYS, over the same Durable Objects.
      after = startWorker(sandbox.url, { keys: newKey('k2'), persist });
      await after.ready;
      const target = targetOf(after);
      const refused = await listContacts(target, first.access_token);
      expect(refused.status).toBe(401);
      // Not an unknown token (a restart that lost its storage would say that): sealed tokens that do not open.
      expect(refused.headers.get('www-authenticate')).toMatch(
        /error="invalid_token", error_description="[^"]*can no longer be opened/,
      );
      expect((await refresh(target, a.clientId, first.refresh_token)).body.error).toBe('invalid_grant');
      expect(await refresh(target, a.clientId, second.refresh_token)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
      expect((await listContacts(target, second.access_token)).status).toBe(401);

      const again = (
        await exchange(target, await authorizeWithoutBrowser(target, sandbox, { clientId: a.clientId }))
      ).body;
      const res = await listContacts(target, again.access_token);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
    } finally {
      await before.dispose().catch(() => undefined);
      await after?.dispose();
      rmSync(persist, { recursive: true, force: true });
    }
  }, 90_000);

  it('refreshes expiring upstream tokens one at a time for 30 concurrent calls (the Durable Object of the grant)', async () => {
    // The service issues 61 s tokens: a second later they are inside the 60 s refresh margin.
    const short = await startSandbox({ accessTokenTtlSeconds: 61 });
    let refreshes = 0;
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.url === '/oauth2/token' && body.toString().includes('grant_type=refresh_token')) refreshes++;
        const upstream = request(
          { host: '127.0.0.1', port: short.port, path: req.url, method: req.method, headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        upstream.on('error', () => res.writeHead(502).end());
        upstream.end(body);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const worker = startWorker(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    try {
      await worker.ready;
      const target: Target = {
        ...remote,
        fetch: async (input, init) =>
          (await worker.dispatchFetch(String(input), {
            ...(init as object),
            redirect: 'manual',
          } as never)) as unknown as Response,
      };
      const token = String(
        (await exchange(target, await authorizeWithoutBrowser(target, short))).body.access_token,
      );
      await new Promise((r) => setTimeout(r, 1_100));
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          mcpPost(target, token, {
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'list_contacts', arguments: { limit: 1 } },
          }),
        ),
      );
      const bodies = (await Promise.all(results.map((r) => r.json()))) as {
        result?: { isError?: boolean };
      }[];
      // A second refresh with an already-rotated refresh token would be refused and end the grant.
      expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
      expect(
        bodies.filter((b) => !b.result || b.result.isError).map((b) => JSON.stringify(b).slice(0, 600)),
      ).toEqual([]);
      expect(refreshes).toBeGreaterThanOrEqual(1);
      expect(refreshes).toBeLessThan(30);
    } finally {
      await worker.dispose();
      await new Promise((r) => proxy.close(r));
      await short.close();
    }
  }, 90_000);
});
