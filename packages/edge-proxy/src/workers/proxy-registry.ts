import type { ConnectionRecord, KeyRecord } from '../proxy-storage.js';
import { answerCall } from './durable-object-rpc.js';
import type { DurableObjectStateLike } from './durable-object-types.js';

/**
 * The Durable Object holding the proxy's keys (by hash) and the list of connections: one instance,
 * named `registry`. Bind it as `PROXY_REGISTRY` (see `wrangler.toml`).
 *
 * @example
 * ```ts
 * export { ProxyConnection, ProxyRegistry } from '@acctkit/edge-proxy/workers';
 * ```
 */
export class ProxyRegistry {
  // The operations close over this object's storage only, so they are built once, not per call.
  readonly #ops: Parameters<typeof answerCall>[1];

  constructor(state: DurableObjectStateLike, _env: unknown) {
    const s = state.storage;
    this.#ops = {
      findKey: (hash: string) => s.get<KeyRecord>(`key:${hash}`),
      saveKey: async (record: KeyRecord) => {
        await s.put(`key:${record.hash}`, record);
        await s.put(`keyid:${record.id}`, record.hash);
      },
      listKeys: async (connection: string | null) =>
        [...(await s.list<KeyRecord>({ prefix: 'key:' })).values()]
          .filter((k) => connection === null || k.connection === connection)
          .sort((a, b) => a.createdAt - b.createdAt),
      revokeKey: async (arg: { id: string; at: number }) => {
        const hash = await s.get<string>(`keyid:${arg.id}`);
        const key = hash === undefined ? undefined : await s.get<KeyRecord>(`key:${hash}`);
        if (!key) return false;
        await s.put(`key:${key.hash}`, { ...key, revokedAt: key.revokedAt ?? arg.at });
        return true;
      },
      listConnections: async () => [...(await s.list<ConnectionRecord>({ prefix: 'conn:' })).values()],
      putConnection: (record: ConnectionRecord) => s.put(`conn:${record.id}`, record),
      deleteConnection: async (id: string) => {
        for (const key of (await s.list<KeyRecord>({ prefix: 'key:' })).values()) {
          if (key.connection !== id) continue;
          await s.delete(`key:${key.hash}`);
          await s.delete(`keyid:${key.id}`);
        }
        return s.delete(`conn:${id}`);
      },
    };
  }

  /** Answers the calls of `durableObjectStorage`. */
  fetch(request: Request): Promise<Response> {
    return answerCall(request, this.#ops);
  }
}
