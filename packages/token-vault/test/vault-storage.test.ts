import { describe, expect, it } from 'vitest';
import { createMemoryStorage, isVaultError, putKey, takeKey, updateKey, withKeyLock } from '../src/index.js';

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

  it('withKeyLock: one holder at a time, a dead holder’s lease runs out, a live one times the waiter out', async () => {
    const storage = createMemoryStorage();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withKeyLock(storage, 'lock:creates', async () => {
          most = Math.max(most, ++inside);
          await Promise.resolve();
          order.push(i);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Released: the next holder gets it at once.
    expect(await withKeyLock(storage, 'lock:creates', async () => 'free')).toBe('free');

    // A holder that died keeps it until its lease ends.
    await storage.set('lock:dead', { owner: 'gone' }, { expected: 0, expiresAt: Date.now() + 150 });
    expect(await withKeyLock(storage, 'lock:dead', async () => 'taken over')).toBe('taken over');

    // A live holder past the waiter's patience: LEASE_TIMEOUT, and the holder keeps it.
    await storage.set('lock:busy', { owner: 'busy' }, { expected: 0, expiresAt: Date.now() + 60_000 });
    const error = await withKeyLock(storage, 'lock:busy', async () => 'never', { waitMs: 50 }).catch(
      (e) => e,
    );
    expect(isVaultError(error) && error.code).toBe('LEASE_TIMEOUT');
    expect((await storage.get('lock:busy'))?.value).toEqual({ owner: 'busy' });
  });

  it('returns copies: mutating a read value changes nothing stored', async () => {
    const storage = createMemoryStorage();
    await putKey(storage, 'k', { a: 1 });
    const read = await storage.get<{ a: number }>('k');
    (read?.value as { a: number }).a = 2;
    expect((await storage.get('k'))?.value).toEqual({ a: 1 });
  });
});
