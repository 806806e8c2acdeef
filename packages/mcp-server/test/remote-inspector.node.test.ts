// The MCP Inspector CLI and the applicable @modelcontextprotocol/conformance server scenarios against
// the remote server's authenticated endpoint, with a token supplied (both under Node 22, as they
// require). The conformance runner cannot send headers, so it talks to a reverse proxy that adds the
// bearer token: the remote's public URL is the proxy's, as in a real deployment behind one.

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import { APPLICABLE_SCENARIOS, runInspector as inspector, runConformance } from './e2e-bin.js';
import {
  authorizeWithoutBrowser,
  exchange,
  startRemote,
  startSandbox,
  type Target,
} from './remote-helpers.js';

let sandbox: RunningServer;
let remote: RunningRemoteServer;
let proxy: Server;
let publicUrl: string;
let token = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  let target = 0;
  // Forwards every request verbatim (Host and Origin included) and adds the token to /mcp.
  proxy = createServer((req, res) => {
    const headers = { ...req.headers };
    if (req.url?.startsWith('/mcp') && !headers.authorization && token)
      headers.authorization = `Bearer ${token}`;
    const upstream = request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  publicUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  remote = await startRemote(sandbox, { publicUrl, rateLimitPerMinute: 0 });
  target = remote.port;
  const viaProxy: Target = { url: publicUrl, mcpUrl: `${publicUrl}/mcp` };
  token = String(
    (await exchange(viaProxy, await authorizeWithoutBrowser(viaProxy, sandbox))).body.access_token,
  );
}, 30_000);

afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await remote?.close();
  await sandbox?.close();
});

describe('MCP Inspector CLI against the remote server', () => {
  it('lists the tools and calls one with a bearer token', async () => {
    const auth = ['--transport', 'http', '--header', `Authorization: Bearer ${token}`];
    const listed = await inspector([
      `http://127.0.0.1:${remote.port}/mcp`,
      ...auth,
      '--method',
      'tools/list',
    ]);
    // Straight to the remote's port: its public URL is the proxy's, so the Host check refuses it.
    expect(listed.code).not.toBe(0);
    const ok = await inspector([`${publicUrl}/mcp`, ...auth, '--method', 'tools/list']);
    expect(ok.code, ok.stderr).toBe(0);
    expect((JSON.parse(ok.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain(
      'list_contacts',
    );
    const called = await inspector([
      `${publicUrl}/mcp`,
      ...auth,
      '--method',
      'tools/call',
      '--tool-name',
      'list_contacts',
      '--tool-arg',
      'limit=2',
    ]);
    expect(called.code, called.stderr).toBe(0);
    expect(
      (JSON.parse(called.stdout) as { structuredContent: { items: unknown[] } }).structuredContent.items,
    ).toHaveLength(2);
  }, 120_000);

  it('fails without a token', async () => {
    const saved = token;
    token = '';
    try {
      const result = await inspector([`${publicUrl}/mcp`, '--transport', 'http', '--method', 'tools/list']);
      expect(result.code).not.toBe(0);
    } finally {
      token = saved;
    }
  }, 60_000);
});

describe('MCP conformance server scenarios against the authenticated endpoint', () => {
  it.each(APPLICABLE_SCENARIOS)(
    '%s passes',
    async (scenario) => {
      const { code, report, checks } = await runConformance(`${publicUrl}/mcp`, scenario);
      expect(code, report).toBe(0);
      expect(checks.length, report).toBeGreaterThan(0);
      expect(
        checks.filter((c) => c.status === 'FAILURE'),
        report,
      ).toEqual([]);
    },
    40_000,
  );
});
