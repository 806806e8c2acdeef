/**
 * The vault's shared token managers: one per connection per instance, bounded, dropped when the
 * connection's tokens are saved again or deleted. No request goes upstream: the managers are compared.
 */
import { describe, expect, it } from 'vitest';
import { base64url, createMemoryStorage, createVault, fromBase64url, type Vault } from '../src/index.js';

const keys = [{ id: 'k1', key: new Uint8Array(32).fill(7) }];
const upstream = {
  baseUrl: 'https://accounting.invalid',
  clientId: 'c',
  clientSecret: 's',
  signingSecret: 'x',
};
// Read when a test runs: workerd's clock stands at 0 while a module loads.
const tokens = () => ({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 });

const vault = (sharedManagers?: number): Vault =>
  createVault({ storage: createMemoryStorage(), keys, upstream, sharedManagers });

describe('shared token managers', () => {
  it('hands every caller of a connection the same manager, and another connection its own', async () => {
    const v = vault();
    expect(v.sharedTokenManager('acme')).toBe(v.sharedTokenManager('acme'));
    expect(v.sharedTokenManager('acme')).not.toBe(v.sharedTokenManager('other'));
  });

  it('drops the manager when the connection is saved again or deleted', async () => {
    const v = vault();
    await v.save('acme', tokens());
    const first = v.sharedTokenManager('acme');
    await v.save('acme', { ...tokens(), refreshToken: 'r2' });
    const second = v.sharedTokenManager('acme');
    expect(second).not.toBe(first);
    expect((await second.credentials()).accessToken).toBe('a');
    await v.delete('acme');
    expect(v.sharedTokenManager('acme')).not.toBe(second);
  });

  it('keeps at most `sharedManagers`, dropping the least recently used', () => {
    const v = vault(2);
    const a = v.sharedTokenManager('a');
    const b = v.sharedTokenManager('b');
    expect(v.sharedTokenManager('a')).toBe(a);
    v.sharedTokenManager('c');
    expect(v.sharedTokenManager('a')).toBe(a);
    expect(v.sharedTokenManager('b')).not.toBe(b);
  });
});

describe('base64url', () => {
  it('round-trips bytes without padding and decodes standard base64 too', () => {
    const bytes = new Uint8Array([251, 255, 0, 1]);
    expect(base64url(bytes)).toBe('-_8AAQ');
    expect(fromBase64url('-_8AAQ')).toEqual(bytes);
    expect(fromBase64url('+/8AAQ==')).toEqual(bytes);
  });
});
