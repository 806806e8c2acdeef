// What an operator of the remote server sees: one record per answered request (request id, method,
// route pattern, status, duration, OAuth client and business), never a token, code or body; and
// GET /healthz, which answers without a token and whatever Host a container's check sends.
import { readFileSync } from 'node:fs';
import type { RunningServer } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import type { RequestLogRecord } from '../src/remote/request-log-record.js';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  remoteClient,
  startRemote,
  startSandbox,
  TOOLS_LIST,
} from './remote-helpers.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let sandbox: RunningServer;
let remote: RunningRemoteServer;
const records: RequestLogRecord[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  remote = await startRemote(sandbox, {
    rateLimitPerMinute: 1000,
    registrationsPerMinute: 1000,
    // As a log shipper receives them: each record through JSON, so what is logged is what is stored.
    requestLog: (record) => records.push(JSON.parse(JSON.stringify(record)) as RequestLogRecord),
  });
}, 60_000);
afterAll(async () => {
  await remote?.close();
  await sandbox?.close();
});

describe('remote server: health and request log', () => {
  it('GET /healthz answers {status, version} without a token, also to a check on 127.0.0.1 behind a public URL', async () => {
    const res = await fetch(`${remote.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', version });
    const behindProxy = await startRemote(sandbox, { publicUrl: 'https://mcp.example.com' });
    try {
      const check = await fetch(`http://127.0.0.1:${behindProxy.port}/healthz`);
      expect(check.status).toBe(200);
      // The rest of the server still refuses a Host that is not the public one.
      expect((await fetch(`http://127.0.0.1:${behindProxy.port}/mcp`, { method: 'POST' })).status).not.toBe(
        401,
      );
    } finally {
      await behindProxy.close();
    }
  });

  it('logs each request of a sign-in and a tool call with its route pattern, and /mcp with client and business, never a secret', async () => {
    records.length = 0;
    const authorized = await authorizeWithoutBrowser(remote, sandbox);
    const { body: tokens } = await exchange(remote, authorized);
    const accessToken = String(tokens.access_token);
    const client = await remoteClient(remote, accessToken);
    const call = await client.callTool({ name: 'list_contacts', arguments: { limit: 2 } });
    expect(call.isError).toBeFalsy();
    await client.close();

    const routes = new Set(records.map((r) => r.route));
    for (const route of ['/register', '/authorize', '/callback', '/token', '/mcp'])
      expect(routes).toContain(route);
    for (const record of records) {
      expect(record).toMatchObject({ msg: 'request', level: expect.stringMatching(/^(info|error)$/) });
      expect(record.request_id).toMatch(/^[\w-]{1,128}$/);
      expect(record.ms).toBeGreaterThanOrEqual(0);
      // A pattern, never the path with its query (the authorization request's state and code).
      expect(record.route).not.toContain('?');
    }
    const mcp = records.filter((r) => r.route === '/mcp' && r.status === 200);
    expect(mcp.length).toBeGreaterThan(0);
    for (const record of mcp) {
      expect(record.client_id).toBe(authorized.clientId);
      expect(record.business).toMatch(/^de:\d+$/);
    }
    const logged = JSON.stringify(records);
    for (const secret of [accessToken, String(tokens.refresh_token), authorized.code, authorized.verifier])
      expect(logged).not.toContain(secret);
  });

  it('keeps a caller’s plain X-Request-Id and answers with it; a hostile one is replaced', async () => {
    records.length = 0;
    const plain = await mcpPost(remote, undefined, TOOLS_LIST, { 'X-Request-Id': 'trace-4711' });
    expect(plain.status).toBe(401);
    expect(plain.headers.get('x-request-id')).toBe('trace-4711');
    const hostile = await mcpPost(remote, undefined, TOOLS_LIST, { 'X-Request-Id': 'a b<script>' });
    const replaced = hostile.headers.get('x-request-id') ?? '';
    expect(replaced).not.toContain('<');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals are logged too, without a client (the token was never accepted).
    expect(records.map((r) => [r.request_id, r.status, r.client_id])).toEqual([
      ['trace-4711', 401, undefined],
      [replaced, 401, undefined],
    ]);
  });
});
