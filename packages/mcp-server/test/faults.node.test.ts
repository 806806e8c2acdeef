import { createClient, createTokenManager } from '@acctkit/client';
import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import {
  admin,
  BASE,
  call,
  connect,
  fails,
  mcpClient,
  minted,
  ok,
  refreshes,
  startSandbox,
} from './harness.js';

let sandbox: Sandbox;
let clock: { now: number };
let de: BusinessConnection;
let pt: BusinessConnection;
const seen: string[] = [];

beforeAll(async () => {
  ({ sandbox, clock } = startSandbox());
  de = await connect(sandbox, 'de', { now: () => clock.now });
  pt = await connect(sandbox, 'pt', { now: () => clock.now });
});
afterEach(async () => {
  await admin(sandbox, 'faults', undefined, 'DELETE');
});
afterAll(() => {
  // No result or log line of this file carried a token or secret.
  for (const secret of minted.filter((s) => s.length > 8))
    for (const text of seen) expect(text.includes(secret), 'a secret leaked').toBe(false);
  sandbox.close();
});

/** A client whose log lines (at debug level) are collected. */
async function logged(connections: BusinessConnection[]) {
  const session = await mcpClient({ connections });
  const lines: { level: string; data: unknown }[] = [];
  session.client.setNotificationHandler('notifications/message', (n) => {
    lines.push(n.params);
    seen.push(JSON.stringify(n.params));
  });
  await session.client.setLoggingLevel('debug');
  return { ...session, lines };
}

async function failure(client: Parameters<typeof fails>[0], name: string, args: Record<string, unknown>) {
  const error = await fails(client, name, args);
  seen.push(JSON.stringify(error));
  return error;
}

describe('faults of the service become useful error results', () => {
  it('429 with Retry-After says how long to wait; the next call works', async () => {
    const { client, close, lines } = await logged([de]);
    await admin(sandbox, 'faults', { type: 429, count: 1, retry_after_seconds: 30 });
    const error = await failure(client, 'list_contacts', { limit: 1 });
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 30, business: 'de' });
    expect(error.message).toContain('30 seconds');
    expect((await ok<{ totalCount: number }>(client, 'list_contacts', { limit: 1 })).totalCount).toBe(300);
    expect(lines.some((l) => l.level === 'warning' && JSON.stringify(l.data).includes('RATE_LIMITED'))).toBe(
      true,
    );
    await close();
  });

  it('503 and 500 say to try again later', async () => {
    const { client, close } = await logged([pt]);
    await admin(sandbox, 'faults', { type: 503, count: 1 });
    expect((await failure(client, 'get_business', {})).code).toBe('SERVICE_UNAVAILABLE');
    await admin(sandbox, 'faults', { type: 500, count: 1 });
    const error = await failure(client, 'list_expenses', { limit: 1 });
    expect(error.code).toBe('SERVICE_ERROR');
    expect(error.message).toContain('Try again later');
    expect((await ok<{ items: unknown[] }>(client, 'list_expenses', { limit: 1 })).items).toHaveLength(1);
    await close();
  });

  it('latency slows a call down without failing it', async () => {
    const { client, close } = await logged([de]);
    await admin(sandbox, 'faults', { type: 'latency', count: 1, latency_ms: 300 });
    const started = Date.now();
    await ok(client, 'list_products', { limit: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await close();
  });

  it('an expired or revoked connection names the connection and what to run', async () => {
    const tokens = createTokenManager({
      baseUrl: BASE,
      clientId: 'acctkit-demo-app',
      clientSecret: 'demo-client-secret-0f3c9a',
      signingSecret: 'demo-signing-secret-7b21e4',
      tokens: {
        accessToken: 'expired-access-token-1',
        refreshToken: 'revoked-refresh-token-1',
        expiresAt: 0,
      },
      fetch: (r) => sandbox.fetch(r),
    });
    const revoked: BusinessConnection = {
      ...de,
      name: 'old-de',
      client: createClient({
        variant: 'de',
        baseUrl: BASE,
        tokens,
        userAgent: 'test',
        fetch: (r) => sandbox.fetch(r),
      }),
      reconnectHint: 'run: acctkit login --name old-de',
    };
    const { client, close } = await logged([revoked]);
    const error = await failure(client, 'list_contacts', {});
    expect(error.code).toBe('CONNECTION_EXPIRED');
    expect(error.message).toContain("'old-de'");
    expect(error.message).toContain('acctkit login --name old-de');
    expect(JSON.stringify(error)).not.toContain('revoked-refresh-token-1');
    await close();
  });
});

describe('one expiring token', () => {
  it('serves 50 concurrent calls with a single refresh', async () => {
    const { client, close } = await logged([de, pt]);
    await ok(client, 'list_bank_accounts', { business: 'de' });
    clock.now += 2 * 3600_000;
    const before = refreshes.count;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          client,
          i % 2 ? 'list_contacts' : 'get_contact',
          i % 2 ? { business: 'de', limit: 1 } : { business: 'de', id: 1 + i },
        ),
      ),
    );
    for (const result of results) {
      seen.push(JSON.stringify(result));
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    }
    expect(refreshes.count - before).toBe(1);
    await close();
  });
});
