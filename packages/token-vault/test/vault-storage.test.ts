import { describe, expect, it } from 'vitest';
import { createMemoryStorage, putKey, takeKey, updateKey } from '../src/index.js';

describe('storage (memory)', () => {
  it('compare-and-set: one writer per version', async () => {
    const storage = createMemoryStorage();
    expect(await storage.set('k', 'a', { expected: 0 })).toBe(true);
    expect(await storage.set('k', 'b', { expected: 0 })).toBe(false);
    expect(await storage.set('k', 'b', { expected: 1 })).toBe(true);
    expect(await storage.set('k', 'c', { expected: 1 })).toBe(false);
    expect(await storage.get('k')).toMatchObject({ value: 'b', version: 2 });
  });

  it('expiry: an expired key is absent, can be created again, and is swept', async () => {
    let t = 1_000;
    const storage = createMemoryStorage(() => t);
    await storage.set('k', 'a', { expected: 0, expiresAt: 2_000 });
    expect((await storage.get('k'))?.expiresAt).toBe(2_000);
    t = 2_000;
    expect(await storage.get('k')).toBeUndefined();
    expect(storage.sweep()).toBe(1);
    expect(storage.size()).toBe(0);
    expect(await storage.set('k', 'b', { expected: 0 })).toBe(true);
  });

  it('updateKey keeps the expiry unless the change sets one, and null removes it', async () => {
    const storage = createMemoryStorage(() => 0);
    await putKey(storage, 'k', 1, 5_000);
    await updateKey<number, void>(storage, 'k', (n = 0) => ({ value: n + 1, result: undefined }));
    expect(await storage.get('k')).toMatchObject({ value: 2, expiresAt: 5_000 });
    await updateKey<number, void>(storage, 'k', (n = 0) => ({
      value: n + 1,
      expiresAt: null,
      result: undefined,
    }));
    expect((await storage.get('k'))?.expiresAt).toBeUndefined();
  });

  it('updateKey serializes concurrent writers: no increment is lost', async () => {
    const storage = createMemoryStorage();
    await Promise.all(
      Array.from({ length: 25 }, () =>
        updateKey<number, void>(storage, 'n', (n = 0) => ({ value: n + 1, result: undefined })),
      ),
    );
    expect((await storage.get('n'))?.value).toBe(25);
  });

  it('takeKey hands a single-use value to exactly one of many concurrent takers', async () => {
    const storage = createMemoryStorage();
    await putKey(storage, 'ticket', { connection: 'acme' });
    const taken = await Promise.all(Array.from({ length: 10 }, () => takeKey(storage, 'ticket')));
    expect(taken.filter((v) => v !== undefined)).toEqual([{ connection: 'acme' }]);
    expect(await storage.get('ticket')).toBeUndefined();
  });

  it('returns copies: mutating a read value changes nothing stored', async () => {
    const storage = createMemoryStorage();
    await putKey(storage, 'k', { a: 1 });
    const read = await storage.get<{ a: number }>('k');
    (read?.value as { a: number }).a = 2;
    expect((await storage.get('k'))?.value).toEqual({ a: 1 });
  });
});
