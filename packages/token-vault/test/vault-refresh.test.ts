/**
 * The vault against the run's sandbox: tokens sealed at rest, and a refresh shared by every instance
 * over one storage (as the proxy's isolates or the remote server's processes share it).
 */
import { createClient } from '@acctkit/client';
import { matrixSandbox } from '@acctkit/testing';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createVault, type VaultStorage } from '../src/index.js';
import { type Minted, mint } from './helpers/mint.js';

const keys = [{ id: 'k1', key: new Uint8Array(32).fill(7) }];

function instance(storage: VaultStorage, m: Minted, counter: { refreshes: number }, leaseMs?: number) {
  return createVault({
    storage,
    keys,
    leaseMs,
    upstream: {
      baseUrl: matrixSandbox().url,
      clientId: m.client_id,
      clientSecret: m.client_secret,
      signingSecret: m.signing_secret,
    },
    fetch: (request) => {
      if (new URL(request.url).pathname === '/oauth2/token') counter.refreshes++;
      return fetch(request);
    },
  });
}

describe('vault refresh', () => {
  it('stores nothing of the tokens in clear', async () => {
    const m = await mint('de');
    const storage = createMemoryStorage();
    const vault = instance(storage, m, { refreshes: 0 });
    await vault.save('acme', { accessToken: m.access_token, refreshToken: m.refresh_token, expiresAt: 1 });
    const raw = JSON.stringify(await storage.get('vault:acme'));
    expect(raw).not.toContain(m.access_token);
    expect(raw).not.toContain(m.refresh_token);
    expect((await vault.tokens('acme'))?.refreshToken).toBe(m.refresh_token);
  });

  it('two instances, 20 concurrent calls over an expired token: one refresh, the rotated set stored, the country kept', async () => {
    const m = await mint('pt');
    const storage = createMemoryStorage();
    const counter = { refreshes: 0 };
    const a = instance(storage, m, counter);
    const b = instance(storage, m, counter);
    await a.save('shop', {
      accessToken: m.access_token,
      refreshToken: m.refresh_token,
      expiresAt: 0,
      country: 'pt',
    });
    const managers = [a.tokenManager('shop'), b.tokenManager('shop')];
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (managers[i % 2] as (typeof managers)[number]).credentials()),
    );
    expect(counter.refreshes).toBe(1);
    expect(new Set(all.map((c) => c.accessToken)).size).toBe(1);
    expect(all[0]?.accessToken).not.toBe(m.access_token);
    const stored = await a.tokens('shop');
    expect(stored?.refreshToken).not.toBe(m.refresh_token);
    expect(stored?.accessToken).toBe(all[0]?.accessToken);
    expect(stored?.country).toBe('pt');
    // The lease is released.
    expect(await storage.get('lock:vault:shop')).toBeUndefined();
    // And the stored set works for a real call through the client.
    const api = createClient({
      variant: 'pt',
      baseUrl: matrixSandbox().url,
      tokens: b.tokenManager('shop'),
      userAgent: 'token-vault-test/1.0',
    });
    const { response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(200);
  });

  it("a refused access token: the instance that did not refresh adopts the other one's set instead of spending a retired refresh token", async () => {
    const m = await mint('de');
    const storage = createMemoryStorage();
    const counter = { refreshes: 0 };
    const a = instance(storage, m, counter);
    const b = instance(storage, m, counter);
    await a.save('acme', {
      accessToken: m.access_token,
      refreshToken: m.refresh_token,
      expiresAt: Date.now() + 3_600_000,
    });
    const ma = a.tokenManager('acme');
    const mb = b.tokenManager('acme');
    await Promise.all([ma.credentials(), mb.credentials()]);
    const fromA = await ma.refresh({ rejected: m.access_token });
    // b still holds the old set in memory; the service refused its token too.
    const fromB = await mb.refresh({ rejected: m.access_token });
    expect(counter.refreshes).toBe(1);
    expect(fromB.accessToken).toBe(fromA.accessToken);
  });

  it('a lease left by an instance that died is taken over once it lapses', async () => {
    const m = await mint('de');
    const storage = createMemoryStorage();
    const counter = { refreshes: 0 };
    const vault = instance(storage, m, counter, 300);
    await vault.save('acme', { accessToken: m.access_token, refreshToken: m.refresh_token, expiresAt: 0 });
    await storage.set('lock:vault:acme', { owner: 'dead' }, { expected: 0, expiresAt: Date.now() + 300 });
    const started = Date.now();
    const credentials = await vault.tokenManager('acme').credentials();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(credentials.accessToken).not.toBe(m.access_token);
    expect(counter.refreshes).toBe(1);
  });
});
