/**
 * The remote server's store of 2025-era session declarations is bounded per grant: the least recently
 * used session goes when a grant opens more than `MAX_SESSIONS_PER_GRANT`, whatever the order or
 * concurrency of the writes, and another grant's sessions are untouched.
 */
import { createMemoryStorage } from '@acctkit/token-vault';
import { describe, expect, it } from 'vitest';
import type { SessionDeclaration } from '../src/http/session-store.js';
import { getStored, STORED } from '../src/remote/stored-keys.js';
import { MAX_SESSIONS_PER_GRANT, vaultSessionStore } from '../src/remote/vault-session-store.js';

const declaration = (owner: string, expiresAt: number): SessionDeclaration => ({
  owner,
  initialize: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  expiresAt,
});

describe('vaultSessionStore', () => {
  it('keeps at most MAX_SESSIONS_PER_GRANT per grant, dropping the least recently used', async () => {
    const storage = createMemoryStorage();
    const store = vaultSessionStore(storage);
    const base = Date.now() + 60_000;
    for (let i = 0; i < MAX_SESSIONS_PER_GRANT; i++) await store.put(`s${i}`, declaration('g', base + i));
    await store.put('other', declaration('h', base));
    // Using s0 again moves it to the front: s1 is now the least recently used.
    await store.put('s0', declaration('g', base + 1_000));
    await store.put('new', declaration('g', base + 2_000));
    expect(await store.get('s1')).toBeUndefined();
    expect(await store.get('s0')).toBeDefined();
    expect(await store.get('new')).toBeDefined();
    expect(await store.get('other')).toBeDefined();
    const index = (await getStored(storage, STORED.grantSessions('g'))) ?? [];
    expect(index).toHaveLength(MAX_SESSIONS_PER_GRANT);
    expect(index.map((use) => use.id)).not.toContain('s1');
  });

  it('stays bounded when many sessions are opened at once, and a delete leaves the index', async () => {
    const storage = createMemoryStorage();
    const store = vaultSessionStore(storage);
    const base = Date.now() + 60_000;
    await Promise.all(
      Array.from({ length: MAX_SESSIONS_PER_GRANT + 20 }, (_, i) =>
        store.put(`s${i}`, declaration('g', base + i)),
      ),
    );
    const index = (await getStored(storage, STORED.grantSessions('g'))) ?? [];
    expect(index).toHaveLength(MAX_SESSIONS_PER_GRANT);
    const live = await Promise.all(
      Array.from({ length: MAX_SESSIONS_PER_GRANT + 20 }, (_, i) => store.get(`s${i}`)),
    );
    expect(live.filter(Boolean)).toHaveLength(MAX_SESSIONS_PER_GRANT);
    const [first] = index;
    await store.delete(first?.id ?? '');
    expect(await store.get(first?.id ?? '')).toBeUndefined();
    expect((await getStored(storage, STORED.grantSessions('g')))?.map((use) => use.id)).not.toContain(
      first?.id,
    );
  });
});
