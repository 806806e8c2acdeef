// Dynamic Client Registration limits: a rate per client address, a body cap, and an expiry for
// clients that never complete an authorization; through the real server on Node and through
// `app.request()` for the Workers default address source.

import { request as httpRequest } from 'node:http';
import type { RunningServer } from '@acctkit/sandbox';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteApp, parseRemoteConfig } from '../src/remote/index.js';
import {
  authorizeUrl,
  authorizeWithoutBrowser,
  exchange,
  pkce,
  register,
  startRemote,
  startSandbox,
  type Target,
  testKey,
} from './remote-helpers.js';

let sandbox: RunningServer;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

const REDIRECT_URI = 'http://127.0.0.1:9/cb';
const NOW = 1_800_000_000_000;

function registration(
  remote: Target,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Response> {
  return (remote.fetch ?? fetch)(`${remote.url}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body ?? JSON.stringify({ client_name: 'Test', redirect_uris: [REDIRECT_URI] }),
  });
}

/** A registration sent from another local address (Linux routes all of 127/8 to loopback). */
function registerFrom(localAddress: string, remote: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${remote.url}/register`,
      { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ client_name: 'Test', redirect_uris: [REDIRECT_URI] }));
  });
}

/** Whether `/authorize` still knows a client (a consent page or a redirect, not "Unknown client"). */
async function known(remote: Target, clientId: string): Promise<boolean> {
  const { challenge } = await pkce();
  const res = await fetch(authorizeUrl(remote, { clientId, redirectUri: REDIRECT_URI, challenge }), {
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status === 400) expect(text).toContain('Unknown client');
  return res.status !== 400;
}

describe('registration limits', () => {
  it('answers the 21st registration within a minute from one address with 429 and Retry-After', async () => {
    // Start at the beginning of a minute, so that the 21 registrations fall in one window.
    let now = Math.ceil(Date.now() / 60_000) * 60_000 + 1_000;
    const remote = await startRemote(sandbox, { now: () => now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await registration(remote)).status);
      expect(statuses).toEqual(Array(20).fill(201));
      const refused = await registration(remote);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('59');
      expect(await refused.json()).toMatchObject({ error: 'too_many_requests' });
      // On Node the socket's address counts: a forged header does not escape, another address is apart.
      expect((await registration(remote, { 'cf-connecting-ip': '198.51.100.1' })).status).toBe(429);
      expect(await registerFrom('127.0.0.2', remote)).toBe(201);
      now += 60_000;
      expect((await registration(remote)).status).toBe(201);
    } finally {
      await remote.close();
    }
  });

  it('counts per address on Workers (cf-connecting-ip), one bucket per IPv6 /64, with a configured limit', async () => {
    const config = parseRemoteConfig(
      {
        ACCTKIT_MCP_PUBLIC_URL: 'https://mcp.example.com',
        ACCTKIT_BASE_URL: sandbox.url,
        ACCTKIT_CLIENT_ID: 'id',
        ACCTKIT_CLIENT_SECRET: 'secret',
        ACCTKIT_SIGNING_SECRET: 'signing',
        ACCTKIT_MCP_ENCRYPTION_KEYS: `k1:${Buffer.from(testKey().key).toString('base64')}`,
        ACCTKIT_MCP_REGISTRATIONS_PER_MINUTE: '2',
        ACCTKIT_MCP_REGISTRATION_TTL: '3600',
      },
      // A fixed clock: the three registrations of a bucket cannot straddle a minute.
      { now: () => NOW },
    );
    expect(config.registrationsPerMinute).toBe(2);
    expect(config.registrationTtlSeconds).toBe(3600);
    const app = createRemoteApp(config, createSqliteStorage(':memory:', { now: () => NOW }));
    const remote: Target = {
      url: 'https://mcp.example.com',
      mcpUrl: 'https://mcp.example.com/mcp',
      fetch: async (input, init) => app.request(String(input), init),
    };
    const from = async (address: string) =>
      (await registration(remote, { 'cf-connecting-ip': address })).status;
    expect([await from('203.0.113.5'), await from('203.0.113.5'), await from('203.0.113.5')]).toEqual([
      201, 201, 429,
    ]);
    expect(await from('198.51.100.8')).toBe(201);
    expect([
      await from('2001:db8:1:2::1'),
      await from('2001:db8:1:2::ffff'),
      await from('2001:db8:1:2:3::'),
    ]).toEqual([201, 201, 429]);
    expect(await from('2001:db8:1:3::1')).toBe(201);
  });

  it('refuses registration bodies over 8 KiB with 413', async () => {
    const remote = await startRemote(sandbox);
    try {
      const body = JSON.stringify({
        client_name: 'Test',
        redirect_uris: [REDIRECT_URI],
        client_uri: `https://client.example/${'x'.repeat(9_000)}`,
      });
      expect((await registration(remote, {}, body)).status).toBe(413);
    } finally {
      await remote.close();
    }
  });

  it('forgets a registered client after the TTL unless it completed an authorization', async () => {
    let offset = 0;
    const remote = await startRemote(sandbox, {
      now: () => Date.now() + offset,
      registrationTtlSeconds: 3_600,
    });
    try {
      const idle = await register(remote, [REDIRECT_URI]);
      const used = await authorizeWithoutBrowser(remote, sandbox);
      expect((await exchange(remote, used)).status).toBe(200);
      offset += 3_599_000;
      expect(await known(remote, idle)).toBe(true);
      offset += 2_000;
      expect(await known(remote, idle)).toBe(false);
      expect(await known(remote, used.clientId)).toBe(true);
      offset += 30 * 86_400_000;
      expect(await known(remote, used.clientId)).toBe(true);
    } finally {
      await remote.close();
    }
  });
});
