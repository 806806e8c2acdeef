/**
 * The connection store of `@acctkit/client/node`: one JSON file, mode 0600, atomic replace, locked
 * read-modify-write, a damaged file reported by name and never overwritten, and token managers whose
 * refreshes adopt what another manager of the same connection already rotated.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '@acctkit/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import {
  ConnectionStoreError,
  defaultConnectionsFile,
  openConnectionStore,
  type StoredConnection,
} from '../src/node/index.js';
import { BASE_URL, mint, startSandbox } from './helpers/sandbox.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'acctkit-connections-'));
  file = join(dir, 'nested', 'connections.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function connection(name: string, tokens: Partial<StoredConnection['tokens']> = {}): StoredConnection {
  return {
    name,
    baseUrl: BASE_URL,
    authUrl: BASE_URL,
    clientId: 'acctkit-demo-app',
    country: 'de',
    variant: 'de',
    businessId: 1,
    businessName: 'Schneider Werbetechnik GmbH',
    scope: 'full_access',
    tokens: {
      accessToken: 'a'.repeat(40),
      refreshToken: 'r'.repeat(40),
      expiresAt: 1_700_000_000_000,
      scope: 'full_access',
      ...tokens,
    },
    createdAt: '2026-11-23T12:00:00.000Z',
  };
}

describe('openConnectionStore: the file', () => {
  it('defaults to $ACCTKIT_CONNECTIONS_FILE, else $XDG_CONFIG_HOME/acctkit/connections.json, else ~/.config', () => {
    expect(defaultConnectionsFile({ ACCTKIT_CONNECTIONS_FILE: '/x/c.json', XDG_CONFIG_HOME: '/cfg' })).toBe(
      '/x/c.json',
    );
    expect(defaultConnectionsFile({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/acctkit/connections.json');
    // A relative XDG_CONFIG_HOME is ignored, as the XDG Base Directory rules say.
    expect(defaultConnectionsFile({ XDG_CONFIG_HOME: 'cfg', HOME: '/home/ann' })).toMatch(
      /\/\.config\/acctkit\/connections\.json$/,
    );
  });

  it('is empty while the file is missing; put, get, list, rename and remove round-trip', async () => {
    const store = openConnectionStore({ file });
    expect(store.file).toBe(file);
    expect(await store.list()).toEqual([]);
    await store.put(connection('one'));
    await store.put(connection('two'));
    await store.put(connection('one', { accessToken: 'b'.repeat(40) }));
    expect((await store.list()).map((c) => c.name)).toEqual(['one', 'two']);
    expect((await store.get('one'))?.tokens.accessToken).toBe('b'.repeat(40));
    await store.rename('one', 'first');
    expect(await store.get('one')).toBeUndefined();
    expect((await store.get('first'))?.businessName).toBe('Schneider Werbetechnik GmbH');
    await expect(store.rename('first', 'two')).rejects.toMatchObject({
      code: 'STORE_FAILED',
      reason: 'exists',
    });
    await expect(store.rename('missing', 'x')).rejects.toMatchObject({ reason: 'not_found' });
    await expect(store.put(connection('no spaces'))).rejects.toMatchObject({ reason: 'invalid_name' });
    expect(await store.remove('two')).toBe(true);
    expect(await store.remove('two')).toBe(false);
    expect((await store.list()).map((c) => c.name)).toEqual(['first']);
  });

  it('writes mode 0600 by atomic replace and leaves no temporary or lock file behind', async () => {
    await mkdir(join(dir, 'nested'));
    await writeFile(file, JSON.stringify({ version: 1, connections: [] }), { mode: 0o644 });
    const store = openConnectionStore({ file });
    await store.put(connection('one'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'nested'))).toEqual(['connections.json']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      version: 1,
      connections: [{ name: 'one' }],
    });
  });

  it('serialises concurrent read-modify-writes: 20 stores putting at once keep all 20 connections', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => openConnectionStore({ file }).put(connection(`c${i}`))),
    );
    expect((await openConnectionStore({ file }).list()).map((c) => c.name).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${i}`).sort(),
    );
  });

  it('takes over a lock left behind by a dead process (stale after 10 s) instead of waiting for ever', async () => {
    const { utimes } = await import('node:fs/promises');
    await mkdir(`${file}.lock`, { recursive: true });
    const old = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, old, old);
    const started = Date.now();
    await openConnectionStore({ file }).put(connection('after-crash'));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await openConnectionStore({ file }).list()).map((c) => c.name)).toEqual(['after-crash']);
  });

  it.each([
    ['not JSON', '{"version": 1, "connections": ['],
    ['another shape', JSON.stringify({ connections: {} })],
    [
      'a connection without tokens',
      JSON.stringify({ version: 1, connections: [{ ...connection('x'), tokens: null }] }),
    ],
  ])(
    'a damaged file (%s) fails every call with a coded error naming the file, and is never overwritten',
    async (_, text) => {
      await mkdir(join(dir, 'nested'));
      await writeFile(file, text);
      const store = openConnectionStore({ file });
      const calls: (() => Promise<unknown>)[] = [
        () => store.list(),
        () => store.get('x'),
        () => store.put(connection('y')),
        () => store.remove('x'),
        async () => store.tokenStore('x').get(),
      ];
      for (const call of calls) {
        const err = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(ConnectionStoreError);
        expect(err).toMatchObject({ code: 'STORE_FAILED', reason: 'corrupt', file });
        expect((err as Error).message).toContain(file);
      }
      expect(await readFile(file, 'utf8')).toBe(text);
    },
  );

  it('an unreadable file is reported by name; no token ever appears in a message', async () => {
    await mkdir(file, { recursive: true });
    const err = await openConnectionStore({ file })
      .list()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'unreadable', file });
    expect((err as Error).message).toContain(file);

    const other = join(dir, 'c.json');
    await writeFile(
      other,
      JSON.stringify({ version: 1, connections: [{ ...connection('x'), scope: 'god' }] }),
    );
    const corrupt = await openConnectionStore({ file: other })
      .list()
      .catch((e: unknown) => e);
    expect((corrupt as Error).message).not.toContain('a'.repeat(40));
    expect((corrupt as Error).message).not.toContain('r'.repeat(40));
  });
});

describe('ConnectionStore: tokens', () => {
  it('tokenStore reads and writes one connection’s tokens and leaves the others alone', async () => {
    const store = openConnectionStore({ file });
    await store.put(connection('one'));
    await store.put(connection('two'));
    const tokens = store.tokenStore('one');
    expect(await tokens.get()).toMatchObject({ accessToken: 'a'.repeat(40) });
    await tokens.set({ accessToken: 'n'.repeat(40), refreshToken: 'm'.repeat(40), expiresAt: 5 });
    // The connection's country joins the tokens, so a client of the other variant refuses them.
    expect((await store.get('one'))?.tokens).toEqual({
      accessToken: 'n'.repeat(40),
      refreshToken: 'm'.repeat(40),
      expiresAt: 5,
      country: 'de',
    });
    expect(await tokens.get()).toMatchObject({ country: 'de' });
    expect((await store.get('two'))?.tokens.accessToken).toBe('a'.repeat(40));
    expect(await store.tokenStore('missing').get()).toBeUndefined();
    await expect(
      store.tokenStore('missing').set({ accessToken: 'x', refreshToken: 'y', expiresAt: 1 }),
    ).rejects.toMatchObject({
      reason: 'not_found',
    });
  });

  it('withRefreshLock runs one holder at a time per connection', async () => {
    const store = openConnectionStore({ file });
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        openConnectionStore({ file }).withRefreshLock('one', async () => {
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    // Another connection's lock is independent.
    await store.withRefreshLock('one', () => store.withRefreshLock('two', async () => undefined));
  });

  describe('tokenManager against the sandbox', () => {
    let sandbox: Sandbox;
    const sandboxFetch = (request: Request): Promise<Response> => sandbox.fetch(request);
    beforeEach(() => {
      sandbox = startSandbox();
    });
    afterEach(() => sandbox.close());

    it('two managers of one expired connection (as two processes would hold) both end with live tokens: one refreshes, the other adopts', async () => {
      const minted = await mint(sandbox, 'de');
      const setup = openConnectionStore({ file });
      await setup.put(
        connection('de', {
          accessToken: minted.access_token,
          refreshToken: minted.refresh_token,
          expiresAt: 0,
        }),
      );
      const secrets = {
        clientSecret: minted.client_secret,
        signingSecret: minted.signing_secret,
        fetch: sandboxFetch,
      };
      // Each store instance stands for one process: its own lock queue and its own memory.
      const managers = await Promise.all([
        openConnectionStore({ file }).tokenManager('de', secrets),
        openConnectionStore({ file }).tokenManager('de', secrets),
      ]);
      await Promise.all(managers.map((m) => m.tokens()));
      const credentials = await Promise.all(managers.map((m) => m.credentials()));
      expect(credentials[0]?.accessToken).toBe(credentials[1]?.accessToken);
      expect(credentials[0]?.accessToken).not.toBe(minted.access_token);
      const stored = await setup.get('de');
      expect(stored?.tokens.accessToken).toBe(credentials[0]?.accessToken);
      for (const tokens of managers) {
        const api = createClient({
          variant: 'de',
          baseUrl: BASE_URL,
          tokens,
          userAgent: 'test',
          fetch: sandboxFetch,
        });
        const { response } = await api.GET('/core/v2/business');
        expect(response.status).toBe(200);
      }
    });

    it('a long-lived manager whose tokens another process rotated recovers on the 401 by adopting the stored set', async () => {
      const minted = await mint(sandbox, 'de');
      await openConnectionStore({ file }).put(
        connection('de', {
          accessToken: minted.access_token,
          refreshToken: minted.refresh_token,
          expiresAt: Date.now() + 3_600_000,
        }),
      );
      const secrets = {
        clientSecret: minted.client_secret,
        signingSecret: minted.signing_secret,
        fetch: sandboxFetch,
      };
      const server = await openConnectionStore({ file }).tokenManager('de', secrets);
      const api = createClient({
        variant: 'de',
        baseUrl: BASE_URL,
        tokens: server,
        userAgent: 'test',
        fetch: sandboxFetch,
      });
      expect((await api.GET('/core/v2/business')).response.status).toBe(200);
      // Another process refreshes: the sandbox retires the old pair, access token included.
      const other = await openConnectionStore({ file }).tokenManager('de', secrets);
      const rotated = await other.refresh();
      const { response } = await api.GET('/core/v2/business');
      expect(response.status).toBe(200);
      expect((await server.tokens())?.accessToken).toBe(rotated.accessToken);
      expect((await openConnectionStore({ file }).get('de'))?.tokens.refreshToken).toBe(rotated.refreshToken);
    });

    it('a missing connection is not_found', async () => {
      await expect(
        openConnectionStore({ file }).tokenManager('nope', { clientSecret: 'x', signingSecret: 'y' }),
      ).rejects.toMatchObject({ reason: 'not_found' });
    });
  });
});
