/**
 * Writes that race a delete or a second writer, for any storage: a refresh whose upstream token
 * request is held until the entry has been deleted or replaced, and a reseal whose write is held the
 * same way. Shared by the runtime-neutral suite (memory) and the Node one (SQLite).
 */
import { matrixSandbox } from '@acctkit/testing';
import { describe, expect, it } from 'vitest';
import { createVault, type EncryptionKey, isVaultError, type VaultStorage } from '../../src/index.js';
import { type Minted, mint } from './mint.js';

/** A promise and its resolver. */
function signal(): { readonly promise: Promise<void>; readonly fire: () => void } {
  let fire = (): void => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

/** The sandbox's token endpoint behind a gate: a refresh arrives, then waits until it is let through. */
function gatedTokenEndpoint() {
  const arrived = signal();
  const release = signal();
  let refreshes = 0;
  return {
    arrived: arrived.promise,
    release: release.fire,
    refreshes: () => refreshes,
    async fetch(request: Request): Promise<Response> {
      if (new URL(request.url).pathname === '/oauth2/token') {
        refreshes++;
        arrived.fire();
        await release.promise;
      }
      return fetch(request);
    },
  };
}

/** The storage with its first write of `key` held until released (every other call passes). */
function gatedWrites(storage: VaultStorage, key: string) {
  const arrived = signal();
  const release = signal();
  let held = false;
  const gated: VaultStorage = {
    get: (k) => storage.get(k),
    delete: (k) => storage.delete(k),
    async set(k, value, options) {
      if (k === key && !held) {
        held = true;
        arrived.fire();
        await release.promise;
      }
      return storage.set(k, value, options);
    },
  };
  return { storage: gated, arrived: arrived.promise, release: release.fire };
}

const k1: EncryptionKey = { id: 'k1', key: new Uint8Array(32).fill(7) };
const k2: EncryptionKey = { id: 'k2', key: new Uint8Array(32).fill(8) };

function vaultOver(storage: VaultStorage, m: Minted, fetch?: (request: Request) => Promise<Response>) {
  return createVault({
    storage,
    keys: [k1],
    upstream: {
      baseUrl: matrixSandbox().url,
      clientId: m.client_id,
      clientSecret: m.client_secret,
      signingSecret: m.signing_secret,
    },
    fetch,
  });
}

/** The races, each against a fresh storage from `makeStorage`. */
export function writeRaceSuite(label: string, makeStorage: () => VaultStorage): void {
  describe(`writes that race a delete or a second writer (${label})`, () => {
    it('a refresh in flight while the connection is deleted stores nothing: the entry stays absent', async () => {
      const m = await mint('de');
      const storage = makeStorage();
      const upstream = gatedTokenEndpoint();
      const vault = vaultOver(storage, m, (request) => upstream.fetch(request));
      await vault.save(
        'acme',
        { accessToken: m.access_token, refreshToken: m.refresh_token, expiresAt: 0, country: 'de' },
        { expiresAt: Date.now() + 3_600_000 },
      );
      const manager = vault.tokenManager('acme');
      const pending = manager.credentials().catch((error: unknown) => error);
      await upstream.arrived;
      await vault.delete('acme');
      upstream.release();

      const error = await pending;
      expect(isVaultError(error) && error.code).toBe('NOT_FOUND');
      expect(await storage.get('vault:acme')).toBeUndefined();
      expect(await vault.tokens('acme')).toBeUndefined();
      // The refresh's lease is released too: nothing of the connection is left.
      expect(await storage.get('lock:vault:acme')).toBeUndefined();
      // The manager's later calls neither go upstream nor write the set it still remembers.
      const again = await manager.credentials().catch((e: unknown) => e);
      expect(isVaultError(again) && again.code).toBe('NOT_FOUND');
      const refused = await manager
        .setTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 })
        .catch((e: unknown) => e);
      expect(isVaultError(refused) && refused.code).toBe('NOT_FOUND');
      expect(upstream.refreshes()).toBe(1);
      expect(await storage.get('vault:acme')).toBeUndefined();
      expect(await vault.expire('acme', Date.now() + 60_000)).toBe(false);
      expect(await storage.get('vault:acme')).toBeUndefined();
    });

    it('a refresh in flight while the connection is connected again keeps the new tokens and hands them out', async () => {
      const [old, fresh] = await Promise.all([mint('de'), mint('de')]);
      const storage = makeStorage();
      const upstream = gatedTokenEndpoint();
      const vault = vaultOver(storage, old, (request) => upstream.fetch(request));
      await vault.save('acme', {
        accessToken: old.access_token,
        refreshToken: old.refresh_token,
        expiresAt: 0,
        country: 'de',
      });
      const pending = vault.tokenManager('acme').credentials();
      await upstream.arrived;
      const connectedAgain = {
        accessToken: fresh.access_token,
        refreshToken: fresh.refresh_token,
        expiresAt: Date.now() + 3_600_000,
        country: 'de',
      };
      await vault.save('acme', connectedAgain);
      upstream.release();

      expect((await pending).accessToken).toBe(fresh.access_token);
      expect(await vault.tokens('acme')).toEqual(connectedAgain);
      expect(upstream.refreshes()).toBe(1);
    });

    it('a reseal whose write lost to a delete leaves the entry deleted', async () => {
      const m = await mint('de');
      const base = makeStorage();
      await vaultOver(base, m).save('acme', {
        accessToken: m.access_token,
        refreshToken: m.refresh_token,
        expiresAt: Date.now() + 3_600_000,
      });
      const gate = gatedWrites(base, 'vault:acme');
      const rotated = createVault({
        storage: gate.storage,
        keys: [k2, k1],
        upstream: { baseUrl: matrixSandbox().url, clientId: 'c', clientSecret: 's', signingSecret: 'x' },
      });
      const resealing = rotated.reseal('acme');
      await gate.arrived;
      await base.delete('vault:acme');
      gate.release();
      expect(await resealing).toBe(false);
      expect(await base.get('vault:acme')).toBeUndefined();
    });
  });
}
