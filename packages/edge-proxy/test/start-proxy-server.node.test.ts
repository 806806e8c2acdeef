/**
 * `startProxyServer` (what `acctkit-proxy --sandbox` and `npm start` run) on a real port, and the
 * SQLite storage keeping connections, tokens and hashed keys across a restart.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVault, generateKeyText, parseKeyRing } from '@acctkit/token-vault';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxyServer } from '../src/node/index.js';
import { proxyFixture, sandboxAdmin, storedTokens, TEST_ENCRYPTION_KEYS } from './helpers/proxy-fixture.js';

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

  it('SQLite storage: the file is 0600 and holds neither tokens nor keys in clear; all of it works after a restart', async () => {
    const file = join(dir, 'data', 'proxy.sqlite');
    const encryptionKeys = `${generateKeyText('k1')}`;
    const first = await startProxyServer({ port: 0, sandbox: true, database: file, encryptionKeys });
    const key = first.keys?.de.read ?? '';
    await first.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);

    const storage = createSqliteStorage(file);
    const tokens = await storedTokens(storage, 'de').catch(() => undefined);
    // The tests' key ring is not this server's: nothing opens without the right key.
    expect(tokens).toBeUndefined();
    storage.close();
    const ring = parseKeyRing(encryptionKeys);
    const opened = createSqliteStorage(file);
    const upstream = { baseUrl: 'http://unused.test', clientId: 'x', clientSecret: 'x', signingSecret: 'x' };
    const stored = await createVault({
      storage: opened,
      keys: ring,
      upstream,
      prefix: 'proxy:tokens:',
    }).tokens('de');
    opened.close();
    expect(stored?.accessToken.length).toBeGreaterThan(10);
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from(stored?.accessToken ?? '-'))).toBe(false);
    expect(bytes.includes(Buffer.from(stored?.refreshToken ?? '-'))).toBe(false);
    expect(bytes.includes(Buffer.from(key))).toBe(false);

    // A restart on the same file and key ring: the connection and its keys are all there.
    const second = await startProxyServer({ port: 0, sandbox: true, database: file, encryptionKeys });
    try {
      const again = await fetch(`${second.url}/core/v2/business`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(again.status).toBe(200);
    } finally {
      await second.close();
    }
    // A file database without a key ring is refused with what to do.
    await expect(startProxyServer({ port: 0, sandbox: true, database: file })).rejects.toThrow(
      /ACCTKIT_PROXY_ENCRYPTION_KEYS/,
    );
    expect(TEST_ENCRYPTION_KEYS).toHaveLength(1);
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
      expect((await storedTokens(storage, 'de'))?.refreshToken).not.toBe(minted.refresh_token);
    } finally {
      storage.close();
    }
  });
});
