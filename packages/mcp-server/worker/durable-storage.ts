import { DurableObject } from 'cloudflare:workers';
import type { RemoteStorage, Versioned } from '../src/remote/remote-storage.js';

interface Row {
  readonly value: unknown;
  readonly version: number;
  readonly expiresAt: number | null;
}

const live = (row: Row | undefined, now: number): row is Row =>
  row !== undefined && (row.expiresAt === null || row.expiresAt > now);

/**
 * One Durable Object per storage key. A method runs to its end before the object takes the next call
 * (storage operations keep its input gate closed), so each compare-and-set is atomic: the grant's own
 * object is what serializes the upstream refreshes of that grant across every Worker instance.
 */
export class RemoteStore extends DurableObject {
  async read(key: string): Promise<Versioned<unknown> | undefined> {
    const row = await this.ctx.storage.get<Row>(key);
    return live(row, Date.now()) ? { value: row.value, version: row.version } : undefined;
  }

  async write(key: string, value: unknown, expected: number, expiresAt: number | null): Promise<boolean> {
    const row = await this.ctx.storage.get<Row>(key);
    const current = live(row, Date.now()) ? row.version : 0;
    if (current !== expected) return false;
    await this.ctx.storage.put<Row>(key, { value, version: expected + 1, expiresAt });
    if (expiresAt !== null) await this.ctx.storage.setAlarm(expiresAt);
    else await this.ctx.storage.deleteAlarm();
    return true;
  }

  async remove(key: string): Promise<void> {
    await this.ctx.storage.delete(key);
  }

  override async alarm(): Promise<void> {
    // An expired value leaves no trace: the object's storage is emptied.
    const rows = await this.ctx.storage.list<Row>();
    const now = Date.now();
    if ([...rows.values()].every((row) => !live(row, now))) await this.ctx.storage.deleteAll();
  }
}

/** The Durable Object namespace binding of {@link RemoteStore}. */
export type RemoteStoreNamespace = DurableObjectNamespace<RemoteStore>;

/** {@link RemoteStorage} over {@link RemoteStore}: the key names its object. */
export function createDurableStorage(namespace: RemoteStoreNamespace): RemoteStorage {
  const stub = (key: string) => namespace.get(namespace.idFromName(key));
  return {
    async get<T>(key: string) {
      return (await stub(key).read(key)) as Versioned<T> | undefined;
    },
    set: (key, value, options) => stub(key).write(key, value, options.expected, options.expiresAt ?? null),
    delete: (key) => stub(key).remove(key),
  };
}
