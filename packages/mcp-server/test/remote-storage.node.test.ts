/**
 * What the remote server keeps, and for how long: hashes of what it issues, upstream tokens sealed in
 * the vault, every record deleted once its purpose ends, and one upstream refresh for many calls.
 * The storage and the key ring themselves are tested in `@acctkit/token-vault`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  refresh,
  startRemote,
  startSandbox,
  testKey,
} from './remote-helpers.js';

/** Every key prefix stored in the file now, with how many keys each has. */
function prefixes(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT key FROM vault_kv').all() as { key: string }[];
  db.close();
  const out: Record<string, number> = {};
  for (const { key } of rows) {
    const prefix = key.split(':')[0] as string;
    out[prefix] = (out[prefix] ?? 0) + 1;
  }
  return out;
}

describe('grants at rest and upstream refresh', () => {
  it('stores tokens and codes only as hashes and upstream tokens only sealed', async () => {
    const sandbox = await startSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-rest-')), 'remote.sqlite');
    const remote = await startRemote(sandbox, { database: file });
    try {
      const a = await authorizeWithoutBrowser(remote, sandbox);
      const tokens = (await exchange(remote, a)).body;
      const db = new Database(file, { readonly: true });
      const rows = db.prepare('SELECT key, value FROM vault_kv').all() as { key: string; value: string }[];
      db.close();
      const dump = rows.map((r) => `${r.key} ${r.value}`).join('\n');
      for (const secret of [tokens.access_token, tokens.refresh_token, a.code])
        expect(dump).not.toContain(String(secret));
      const grant = rows.find((r) => r.key.startsWith('grant:'));
      const sealed = rows.find((r) => r.key === `upstream:${grant?.key.slice('grant:'.length)}`);
      expect(JSON.parse(sealed?.value ?? '{}').sealed).toMatch(/^k1\.[\w-]+\.[\w-]+$/);
      expect(JSON.parse(grant?.value ?? '{}')).not.toHaveProperty('upstream');
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

describe('lifetimes: nothing outlives its purpose', () => {
  it('codes, used refresh markers, access tokens, pending sign-ins and revoked grants are deleted, on Node', async () => {
    const sandbox = await startSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-life-')), 'remote.sqlite');
    let offset = 0;
    const now = () => Date.now() + offset;
    const storage = createSqliteStorage(file, { now, sweepEveryMs: 0 });
    const remote = await startRemote(sandbox, { storage, now, rateLimitPerMinute: 1000 });
    try {
      const a = await authorizeWithoutBrowser(remote, sandbox);
      const first = (await exchange(remote, a)).body;
      const second = (await refresh(remote, a.clientId, first.refresh_token)).body;
      expect(second.access_token).toBeTruthy();
      // Replay of the rotated-away refresh token: the grant is revoked and its upstream tokens deleted at once.
      expect((await refresh(remote, a.clientId, first.refresh_token)).status).toBe(400);
      expect(prefixes(file).upstream ?? 0).toBe(0);
      expect(prefixes(file)).toMatchObject({ grant: 1, code: 1, rt: 2, at: 2 });

      // A day later: the code record, access tokens, the pending sign-in and the revoked grant are gone.
      offset = 86_400_000 + 60_000;
      storage.sweep();
      const left = prefixes(file);
      expect(left.code ?? 0).toBe(0);
      expect(left.at ?? 0).toBe(0);
      expect(left.pending ?? 0).toBe(0);
      expect(left.grant ?? 0).toBe(0);
      // Refresh markers (used or not) go when the refresh token would have expired (30 days).
      expect(left.rt).toBe(2);
      offset = 31 * 86_400_000;
      storage.sweep();
      expect(prefixes(file).rt ?? 0).toBe(0);
    } finally {
      await remote.close();
      storage.close();
      await sandbox.close();
    }
  });

  it('a grant lives as long as its newest refresh token: each refresh extends it', async () => {
    const sandbox = await startSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-life-')), 'remote.sqlite');
    let offset = 0;
    const now = () => Date.now() + offset;
    const storage = createSqliteStorage(file, { now, sweepEveryMs: 0 });
    const remote = await startRemote(sandbox, {
      storage,
      now,
      rateLimitPerMinute: 1000,
      refreshTokenTtlSeconds: 3_600,
    });
    try {
      const a = await authorizeWithoutBrowser(remote, sandbox);
      let tokens = (await exchange(remote, a)).body;
      for (let i = 0; i < 3; i++) {
        offset += 3_000_000; // 50 minutes: each refresh token is used before its hour ends
        const next = await refresh(remote, a.clientId, tokens.refresh_token);
        expect(next.status).toBe(200);
        tokens = next.body;
      }
      storage.sweep();
      expect(prefixes(file)).toMatchObject({ grant: 1, upstream: 1 });
      offset += 3_700_000; // past the newest refresh token's hour: the grant and its tokens go
      storage.sweep();
      expect(prefixes(file).grant ?? 0).toBe(0);
      expect(prefixes(file).upstream ?? 0).toBe(0);
    } finally {
      await remote.close();
      storage.close();
      await sandbox.close();
    }
  });

  it('a sign-in whose code is never exchanged leaves nothing after ten minutes', async () => {
    const sandbox = await startSandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-life-')), 'remote.sqlite');
    let offset = 0;
    const now = () => Date.now() + offset;
    const storage = createSqliteStorage(file, { now, sweepEveryMs: 0 });
    const remote = await startRemote(sandbox, { storage, now });
    try {
      await authorizeWithoutBrowser(remote, sandbox);
      expect(prefixes(file)).toMatchObject({ grant: 1, upstream: 1, code: 1 });
      offset = 601_000;
      storage.sweep();
      const left = prefixes(file);
      expect([left.grant ?? 0, left.upstream ?? 0, left.code ?? 0]).toEqual([0, 0, 0]);
    } finally {
      await remote.close();
      storage.close();
      await sandbox.close();
    }
  });
});
