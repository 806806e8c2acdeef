import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVault, takeKey, updateKey } from '../src/index.js';
import { createSqliteStorage } from '../src/node/index.js';

const upstream = { baseUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', signingSecret: 'x' };
const keys = [{ id: 'k1', key: new Uint8Array(32).fill(9) }];

describe('SQLite storage', () => {
  it('creates its folder 0700 and its file 0600, and the file holds no token in clear', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'vault-')), 'nested', 'folder');
    const file = join(dir, 'vault.sqlite');
    const storage = createSqliteStorage(file);
    const vault = createVault({ storage, keys, upstream });
    const accessToken = `AT-${'a'.repeat(40)}`;
    const refreshToken = `RT-${'r'.repeat(40)}`;
    await vault.save('acme', { accessToken, refreshToken, expiresAt: Date.now() + 60_000, country: 'de' });
    storage.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes).not.toContain(accessToken);
    expect(bytes).not.toContain(refreshToken);
    // What was stored opens again after a restart.
    const reopened = createSqliteStorage(file);
    expect((await createVault({ storage: reopened, keys, upstream }).tokens('acme'))?.accessToken).toBe(
      accessToken,
    );
    reopened.close();
  });

  it('narrows an existing file to 0600', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vault-')), 'open.sqlite');
    createSqliteStorage(file).close();
    chmodSync(file, 0o644);
    createSqliteStorage(file).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('deletes expired keys when swept, and an expired key can be created again', async () => {
    let t = 1_000;
    const storage = createSqliteStorage(':memory:', { now: () => t, sweepEveryMs: 0 });
    await storage.set('code:a', { used: false }, { expected: 0, expiresAt: 2_000 });
    await storage.set('grant:b', { live: true }, { expected: 0 });
    t = 2_500;
    expect(await storage.get('code:a')).toBeUndefined();
    expect(storage.sweep()).toBe(1);
    expect(await storage.get('grant:b')).toMatchObject({ value: { live: true } });
    expect(await storage.set('code:a', 1, { expected: 0 })).toBe(true);
    storage.close();
  });

  it("two processes' worth of handles on one file: compare-and-set loses no write and hands a ticket out once", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vault-')), 'shared.sqlite');
    const a = createSqliteStorage(file);
    const b = createSqliteStorage(file);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        updateKey<number, void>(i % 2 ? a : b, 'n', (n = 0) => ({ value: n + 1, result: undefined })),
      ),
    );
    expect((await a.get('n'))?.value).toBe(40);
    await a.set('ticket', { connection: 'acme' }, { expected: 0 });
    const taken = await Promise.all([takeKey(a, 'ticket'), takeKey(b, 'ticket'), takeKey(a, 'ticket')]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    a.close();
    b.close();
  });
});
