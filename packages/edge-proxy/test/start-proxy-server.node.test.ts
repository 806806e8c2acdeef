/**
 * `startProxyServer` (what `acctkit-proxy --sandbox` and `npm start` run) on a real port, and the
 * SQLite storage keeping connections, tokens and hashed keys across a restart.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashKey } from '../src/index.js';
import { createSqliteStorage, startProxyServer } from '../src/node/index.js';
import { proxyFixture, sandboxAdmin } from './helpers/proxy-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'edge-proxy-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startProxyServer', () => {
  it('sandbox: true connects de and pt and prints keys that work over HTTP; the read key cannot write', async () => {
    const proxy = await startProxyServer({ port: 0, sandbox: true });
    try {
      expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(proxy.keys?.de.read).toMatch(/^akp_r_/);
      expect(proxy.keys?.pt.write).toMatch(/^akp_w_/);
      const de = await fetch(`${proxy.url}/core/v2/business`, {
        headers: { Authorization: `Bearer ${proxy.keys?.de.read}` },
      });
      expect(((await de.json()) as { country: { code: string } }).country.code).toBe('DE');
      const pt = await fetch(`${proxy.url}/accounts/v2/contacts`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${proxy.keys?.pt.write}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'contact[contact_type_id]=1&contact[name]=Ana%20Proxy',
      });
      expect(pt.status).toBe(201);
      const denied = await fetch(`${proxy.url}/accounts/v2/contacts`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${proxy.keys?.pt.read}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'contact[name]=x',
      });
      expect(denied.status).toBe(403);
      expect(proxy.curl).toContain(proxy.keys?.de.read);
      expect(proxy.curl).toContain(`${proxy.url}/accounts/v2/contacts?search=Ann`);
    } finally {
      await proxy.close();
    }
  });

  it('SQLite storage: connections, tokens and key hashes (never the keys) are on disk after close', async () => {
    const file = join(dir, 'proxy.sqlite');
    const first = await startProxyServer({ port: 0, sandbox: true, database: file });
    const key = first.keys?.de.read ?? '';
    const adminToken = first.adminToken ?? '';
    await first.close();
    expect(readFileSync(file).includes(Buffer.from(key))).toBe(false);

    const storage = createSqliteStorage(file);
    const keys = await storage.listKeys('de');
    expect(keys).toHaveLength(2);
    expect((await storage.getTokens('de'))?.refreshToken).toBeTruthy();
    expect(keys.map((k) => k.hash)).toContain(await hashKey(key));
    expect(await storage.revokeKey(keys[0]?.id ?? '', Date.now())).toBe(true);
    expect((await storage.listKeys('de')).filter((k) => k.revokedAt !== undefined)).toHaveLength(1);
    storage.close();
    expect(adminToken.length).toBeGreaterThan(15);
  });
});

describe('SQLite storage under the token broker', () => {
  it('20 concurrent requests over an expired token with SQLite storage: one refresh, the rotated set stored', async () => {
    const storage = createSqliteStorage(':memory:');
    try {
      const f = await proxyFixture({ storage });
      const minted = (await sandboxAdmin(f.sandbox, 'tokens', { business: 'de', scope: 'full_access' })) as {
        refresh_token: string;
      };
      expect(
        (
          await f.admin('POST', 'connections', {
            id: 'de',
            variant: 'de',
            refresh_token: minted.refresh_token,
          })
        ).status,
      ).toBe(201);
      const calls = await Promise.all(
        Array.from({ length: 20 }, () =>
          f.app.request('/core/v2/me', { headers: { Authorization: `Bearer ${f.keys.deRead}` } }),
        ),
      );
      expect(calls.map((c) => c.status)).toEqual(Array(20).fill(200));
      expect(f.sent.filter((s) => s.endsWith('/oauth2/token'))).toHaveLength(1);
      expect((await storage.getTokens('de'))?.refreshToken).not.toBe(minted.refresh_token);
    } finally {
      storage.close();
    }
  });
});
