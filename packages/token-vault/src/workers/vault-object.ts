import { DurableObject } from 'cloudflare:workers';
import type { VaultStorage, Versioned } from '../vault-storage.js';

interface Row {
  readonly value: unknown;
  readonly version: number;
  readonly expiresAt: number | null;
}

const live = (row: Row | undefined, now: number): row is Row =>
  row !== undefined && (row.expiresAt === null || row.expiresAt > now);

/**
 * The Durable Object behind {@link createDurableObjectStorage}: one object per storage key, called by
 * native RPC. A method runs to its end before the object takes the next call (its storage operations
 * keep the input gate closed), so each compare-and-set is atomic across every isolate of the Worker:
 * a connection's own object is what serializes its refresh lease. An alarm at the value's expiry
 * deletes it, so nothing outlives its purpose. Bind it in `wrangler.toml` and export it from the
 * Worker's entry module.
 *
 * @example
 * ```ts
 * export { VaultObject } from '@acctkit/token-vault/workers';
 * ```
 */
export class VaultObject extends DurableObject {
  /** The live value of `key`, or `undefined`. */
  async read(key: string): Promise<Versioned<unknown> | undefined> {
    const row = await this.ctx.storage.get<Row>(key);
    if (!live(row, Date.now())) return undefined;
    return { value: row.value, version: row.version, expiresAt: row.expiresAt ?? undefined };
  }

  /** Compare-and-set: writes when the live version is `expected`. */
  async write(key: string, value: unknown, expected: number, expiresAt: number | null): Promise<boolean> {
    const row = await this.ctx.storage.get<Row>(key);
    const current = live(row, Date.now()) ? row.version : 0;
    if (current !== expected) return false;
    await this.ctx.storage.put<Row>(key, { value, version: expected + 1, expiresAt });
    if (expiresAt !== null) await this.ctx.storage.setAlarm(expiresAt);
    else await this.ctx.storage.deleteAlarm();
    return true;
  }

  /** Deletes the key, and the object's storage with it. */
  async remove(key: string): Promise<void> {
    await this.ctx.storage.delete(key);
    await this.ctx.storage.deleteAlarm();
  }

  /** At the expiry: an expired value leaves no trace, the object's storage is emptied. */
  override async alarm(): Promise<void> {
    const rows = await this.ctx.storage.list<Row>();
    const now = Date.now();
    if ([...rows.values()].every((row) => !live(row, now))) await this.ctx.storage.deleteAll();
  }
}

/**
 * The parts of a Durable Object namespace bound to {@link VaultObject} that the storage calls,
 * declared structurally so that code compiled without the Workers types can pass the binding.
 */
export interface VaultNamespace {
  idFromName(name: string): unknown;
  get(id: never): {
    read(key: string): Promise<unknown>;
    write(key: string, value: unknown, expected: number, expiresAt: number | null): Promise<unknown>;
    remove(key: string): Promise<unknown>;
  };
}

/**
 * {@link VaultStorage} on Durable Objects: each key lives in the {@link VaultObject} named after it.
 *
 * @param namespace - The Durable Object namespace bound to `VaultObject` (`DurableObjectNamespace<VaultObject>`).
 * @returns The storage.
 * @example
 * ```ts
 * import { createDurableObjectStorage, type VaultNamespace } from '@acctkit/token-vault/workers';
 * declare const env: { VAULT: VaultNamespace };
 * const storage = createDurableObjectStorage(env.VAULT);
 * ```
 */
export function createDurableObjectStorage(namespace: VaultNamespace): VaultStorage {
  const stub = (key: string) => namespace.get(namespace.idFromName(key) as never);
  return {
    async get<T>(key: string) {
      return (await stub(key).read(key)) as Versioned<T> | undefined;
    },
    set: async (key, value, options) =>
      (await stub(key).write(key, value, options.expected, options.expiresAt ?? null)) === true,
    async delete(key) {
      await stub(key).remove(key);
    },
  };
}
