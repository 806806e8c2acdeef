import { describe, expect, it } from 'vitest';
import {
  createKeyRing,
  createMemoryStorage,
  createVault,
  generateKeyText,
  isVaultError,
  parseKeyRing,
  VaultError,
} from '../src/index.js';

const key = (id: string, fill: number) => ({ id, key: new Uint8Array(32).fill(fill) });
const upstream = { baseUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', signingSecret: 'x' };
const tokens = {
  accessToken: 'AT-secret-value',
  refreshToken: 'RT-secret-value',
  expiresAt: 1,
  country: 'de',
};

describe('key ring', () => {
  it('seals with the first key and opens only under the same context', async () => {
    const ring = createKeyRing([key('k1', 1)]);
    const sealed = await ring.encrypt('hello', 'vault:acme');
    expect(sealed.startsWith('k1.')).toBe(true);
    expect(sealed).not.toContain('hello');
    expect(await ring.decrypt(sealed, 'vault:acme')).toBe('hello');
    // A ciphertext copied to another connection does not open there.
    await expect(ring.decrypt(sealed, 'vault:other')).rejects.toMatchObject({ code: 'DECRYPT' });
    // One character of the tag changed (the one before the last, whose 6 bits all count).
    const tampered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(tampered).not.toBe(sealed);
    await expect(ring.decrypt(tampered, 'vault:acme')).rejects.toMatchObject({ code: 'DECRYPT' });
  });

  it('rotation: old tokens still open, new writes use the new key, reseal moves the rest', async () => {
    const storage = createMemoryStorage();
    const before = createVault({ storage, keys: [key('k1', 1)], upstream });
    await before.save('acme', tokens);
    const sealedBefore = (await storage.get<{ sealed: string }>('vault:acme'))?.value.sealed ?? '';
    expect(sealedBefore.startsWith('k1.')).toBe(true);

    const rotated = createVault({ storage, keys: [key('k2', 2), key('k1', 1)], upstream });
    expect(await rotated.tokens('acme')).toEqual(tokens);
    await rotated.save('beta', { ...tokens, accessToken: 'AT-beta' });
    expect((await storage.get<{ sealed: string }>('vault:beta'))?.value.sealed.startsWith('k2.')).toBe(true);
    expect(await rotated.reseal('acme')).toBe(true);
    expect(await rotated.reseal('acme')).toBe(false);
    expect((await storage.get<{ sealed: string }>('vault:acme'))?.value.sealed.startsWith('k2.')).toBe(true);

    // Once everything is resealed, the old key can leave the ring.
    const retired = createVault({ storage, keys: [key('k2', 2)], upstream });
    expect(await retired.tokens('acme')).toEqual(tokens);
    // A ring that lost the key a value needs says which key to add back.
    const lost = createVault({ storage, keys: [key('k3', 3)], upstream });
    const error = await lost.tokens('acme').catch((e: unknown) => e);
    expect(isVaultError(error) && error.code).toBe('DECRYPT');
    expect((error as Error).message).toContain('"k2"');
  });

  it('reads the text form and refuses malformed rings', () => {
    const text = `${generateKeyText('k2')},${generateKeyText('k1')}`;
    const keys = parseKeyRing(text);
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(keys.every((k) => k.key.length === 32)).toBe(true);
    expect(createKeyRing(keys).currentKeyId).toBe('k2');
    for (const bad of ['k1', 'k1:***', 'bad id:AAAA'])
      expect(() => parseKeyRing(bad, 'ACCTKIT_ENCRYPTION_KEYS')).toThrow(/ACCTKIT_ENCRYPTION_KEYS/);
    expect(() => createKeyRing([])).toThrow(VaultError);
    expect(() => createKeyRing([{ id: 'k1', key: new Uint8Array(16) }])).toThrow(/32 bytes/);
    expect(() => createKeyRing([key('k1', 1), key('k1', 2)])).toThrow(/twice/);
  });
});
