/**
 * The remote server's registry of storage keys: the key strings stay those already stored by running
 * servers, and an update-only change never brings back a key that a delete removed.
 */
import { createMemoryStorage } from '@acctkit/token-vault';
import { describe, expect, it } from 'vitest';
import {
  createStored,
  deleteStored,
  getStored,
  STORED,
  STORED_PREFIX,
  updateStored,
} from '../src/remote/stored-keys.js';

describe('remote stored keys', () => {
  it('names every kind with the key strings servers already store', () => {
    expect(
      [
        STORED.grant('g1'),
        STORED.pending('s'),
        STORED.code('c'),
        STORED.accessToken('a'),
        STORED.refreshToken('r'),
        STORED.client('mcpc_1'),
        STORED.clientMetadataFailed('https://x/c.json'),
        STORED.tokenRate('h', 7),
        STORED.addressRate('register', 'b', 7),
        STORED.addressRate('cimd', 'b', 7),
        STORED.session('id'),
        STORED.grantSessions('g1'),
        STORED.journalHead('de:1'),
        STORED.journalPage('de:1', 3),
      ].map((k) => k.key),
    ).toEqual([
      'grant:g1',
      'pending:s',
      'code:c',
      'at:a',
      'rt:r',
      'client:mcpc_1',
      'cimd-failed:https://x/c.json',
      'rate:h:7',
      'register-rate:b:7',
      'cimd-rate:b:7',
      'mcp-session:id',
      'mcp-sessions:g1',
      'journal:de:1',
      'journal:de:1:3',
    ]);
    expect(STORED_PREFIX.upstream).toBe('upstream:');
    expect(STORED_PREFIX.grantApprovals('g1')).toBe('grant-approvals:g1:');
    expect(STORED_PREFIX.journalCreatesLock('de:1')).toBe('lock:journal-creates:de:1');
  });

  it('creates once, and an update-only change after a delete leaves the key absent', async () => {
    const storage = createMemoryStorage();
    const key = STORED.refreshToken('r');
    const record = {
      grantId: 'g',
      clientId: 'c',
      resource: 'https://m/mcp',
      scope: 'readonly',
      used: false,
    } as const;
    expect(await createStored(storage, key, record, Date.now() + 60_000)).toBe(true);
    expect(await createStored(storage, key, record, Date.now() + 60_000)).toBe(false);
    await deleteStored(storage, key);
    const rotated = await updateStored(storage, key, (r) =>
      r && !r.used ? { value: { ...r, used: true }, result: true } : { result: false },
    );
    expect(rotated).toBe(false);
    expect(await getStored(storage, key)).toBeUndefined();
  });
});
