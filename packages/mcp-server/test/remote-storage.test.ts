import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSqliteStorage, RemoteError } from '../src/remote/index.js';
import { updateKey } from '../src/remote/remote-storage.js';
import { createTokenCipher, parseEncryptionKeys } from '../src/remote/token-cipher.js';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  startRemote,
  startSandbox,
  testKey,
} from './remote-helpers.js';

describe('SQLite storage: compare-and-set', () => {
  it('writes only over the expected version, and treats expired values as absent', async () => {
    let now = 1_000;
    const s = createSqliteStorage(':memory:', () => now);
    expect(await s.set('k', { a: 1 }, { expected: 0 })).toBe(true);
    expect(await s.set('k', { a: 2 }, { expected: 0 })).toBe(false);
    expect(await s.get('k')).toEqual({ value: { a: 1 }, version: 1 });
    expect(await s.set('k', { a: 3 }, { expected: 1, expiresAt: 2_000 })).toBe(true);
    expect(await s.set('k', { a: 4 }, { expected: 1 })).toBe(false);
    now = 2_000;
    expect(await s.get('k')).toBeUndefined();
    expect(await s.set('k', { a: 5 }, { expected: 0 })).toBe(true);
    s.close();
  });

  it('gives exactly one winner among concurrent updates of one key from two connections', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-kv-')), 'kv.sqlite');
    const a = createSqliteStorage(file);
    const b = createSqliteStorage(file);
    await a.set('counter', 0, { expected: 0 });
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        updateKey<number, void>(i % 2 ? a : b, 'counter', (n) => ({
          value: (n ?? 0) + 1,
          result: undefined,
        })),
      ),
    );
    expect((await a.get<number>('counter'))?.value).toBe(100);
    a.close();
    b.close();
  });
});

describe('token cipher (AES-256-GCM, key ring)', () => {
  it('decrypts with an old key after rotation, and not once the old key is dropped', async () => {
    const k1 = testKey('k1');
    const k2 = testKey('k2');
    const sealed = await createTokenCipher([k1]).encrypt('secret-token', 'grant:a');
    expect(sealed.startsWith('k1.')).toBe(true);
    const rotated = createTokenCipher([k2, k1]);
    expect(await rotated.decrypt(sealed, 'grant:a')).toBe('secret-token');
    expect((await rotated.encrypt('x', 'grant:a')).startsWith('k2.')).toBe(true);
    await expect(createTokenCipher([k2]).decrypt(sealed, 'grant:a')).rejects.toMatchObject({
      code: 'DECRYPT',
    });
  });

  it('refuses a ciphertext moved to another grant or altered', async () => {
    const cipher = createTokenCipher([testKey()]);
    const sealed = await cipher.encrypt('secret-token', 'grant:a');
    await expect(cipher.decrypt(sealed, 'grant:b')).rejects.toBeInstanceOf(RemoteError);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    await expect(cipher.decrypt(flipped, 'grant:a')).rejects.toBeInstanceOf(RemoteError);
  });

  it('reads key rings from configuration and refuses short keys', () => {
    const ring = parseEncryptionKeys(
      `k2:${Buffer.alloc(32, 1).toString('base64')}, k1:${Buffer.alloc(32, 2).toString('base64url')}`,
    );
    expect(ring.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(() => createTokenCipher(parseEncryptionKeys(`k1:${Buffer.alloc(16).toString('base64')}`))).toThrow(
      /32 bytes/,
    );
    expect(() => parseEncryptionKeys('no-colon')).toThrow(RemoteError);
  });
});

describe('grants at rest and upstream refresh', () => {
  it('stores tokens and codes only as hashes and upstream tokens only sealed', async () => {
    const sandbox = await startSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-rest-')), 'remote.sqlite');
    const remote = await startRemote(sandbox, { database: file });
    try {
      const a = await authorizeWithoutBrowser(remote, sandbox);
      const tokens = (await exchange(remote, a)).body;
      const db = new Database(file, { readonly: true });
      const rows = db.prepare('SELECT key, value FROM remote_kv').all() as { key: string; value: string }[];
      db.close();
      const dump = rows.map((r) => `${r.key} ${r.value}`).join('\n');
      for (const secret of [tokens.access_token, tokens.refresh_token, a.code])
        expect(dump).not.toContain(String(secret));
      const grant = rows.find((r) => r.key.startsWith('grant:'));
      expect(JSON.parse(grant?.value ?? '{}').upstream).toMatch(/^k1\.[\w-]+\.[\w-]+$/);
    } finally {
      await remote.close();
      await sandbox.close();
    }
  });

  it('refreshes an expiring upstream token once for 50 concurrent calls across two instances', async () => {
    const sandbox = await startSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-flight-')), 'remote.sqlite');
    let offset = 0;
    let refreshes = 0;
    const counting = async (request: Request) => {
      if (
        request.url.endsWith('/oauth2/token') &&
        (await request.clone().text()).includes('grant_type=refresh_token')
      )
        refreshes++;
      return fetch(request);
    };
    const key = testKey();
    const options = {
      database: file,
      now: () => Date.now() + offset,
      fetch: counting,
      encryptionKeys: [key],
      rateLimitPerMinute: 1000,
      accessTokenTtlSeconds: 86_400,
    };
    const one = await startRemote(sandbox, options);
    const two = await startRemote(sandbox, { ...options, publicUrl: one.url });
    try {
      const a = await authorizeWithoutBrowser(one, sandbox);
      const token = String((await exchange(one, a)).body.access_token);
      offset = 3_600_000; // the upstream access token now looks expired to both instances
      const call = (i: number) =>
        mcpPost(i % 2 ? one : { ...two, url: one.url, mcpUrl: two.mcpUrl }, token, {
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'list_contacts', arguments: { limit: 1 } },
        });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i)));
      const bodies = (await Promise.all(results.map((r) => r.json()))) as {
        result?: { isError?: boolean };
      }[];
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(bodies.filter((b) => b.result?.isError)).toHaveLength(0);
      expect(refreshes).toBe(1);
    } finally {
      await two.close();
      await one.close();
      await sandbox.close();
    }
  }, 60_000);
});
