import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountingError, createClient, createTokenManager } from '../src/index.js';
import { createFileTokenStore } from '../src/node/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'acctkit-tokens-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tokens = {
  accessToken: 'a'.repeat(40),
  refreshToken: 'r'.repeat(40),
  expiresAt: 1_700_000_000_000,
  scope: 'full_access',
  country: 'pt',
};

describe('createFileTokenStore (@acctkit/client/node)', () => {
  it('is empty before the first write, then reads back what it wrote', async () => {
    const store = createFileTokenStore(join(dir, 'nested', 'tokens.json'));
    expect(await store.get()).toBeUndefined();
    await store.set(tokens);
    expect(await store.get()).toEqual(tokens);
  });

  it('writes with permissions 0600 and leaves no temporary file', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(path, '{}', { mode: 0o644 });
    await createFileTokenStore(path).set(tokens);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['tokens.json']);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(tokens);
  });

  it('replaces the file atomically: concurrent writes leave one complete token set', async () => {
    const path = join(dir, 'tokens.json');
    const store = createFileTokenStore(path);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.set({ ...tokens, accessToken: `token-${i}`.padEnd(40, 'x') }),
      ),
    );
    const read = await store.get();
    expect(read?.accessToken).toMatch(/^token-\d+x+$/);
    expect(await readdir(dir)).toEqual(['tokens.json']);
  });

  it('reports a corrupt file with STORE_FAILED and no content in the message', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(path, JSON.stringify({ secret: 'do-not-echo' }));
    await expect(createFileTokenStore(path).get()).rejects.toMatchObject({ code: 'STORE_FAILED' });
    await expect(createFileTokenStore(path).get()).rejects.not.toThrow(/do-not-echo/);
  });

  it('keeps the country: a de client over the stored tokens of a pt business sends nothing', async () => {
    const path = join(dir, 'tokens.json');
    await createFileTokenStore(path).set({ ...tokens, expiresAt: Date.now() + 3_600_000 });
    // A later process: a new manager over the same file.
    const manager = createTokenManager({
      baseUrl: 'https://api.example.test',
      clientId: 'c',
      clientSecret: 'x',
      signingSecret: 's',
      store: createFileTokenStore(path),
    });
    expect((await manager.tokens())?.country).toBe('pt');
    let sent = 0;
    const api = createClient({
      variant: 'de',
      baseUrl: 'https://api.example.test',
      tokens: manager,
      userAgent: 'a/1',
      fetch: async () => {
        sent++;
        return new Response(null, { status: 204 });
      },
    });
    await expect(api.GET('/core/v2/business')).rejects.toMatchObject({ code: 'VARIANT_MISMATCH' });
    await expect(api.GET('/core/v2/business')).rejects.toBeInstanceOf(AccountingError);
    expect(sent).toBe(0);
  });
});
