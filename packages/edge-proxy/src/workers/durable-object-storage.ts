import type { TokenSet } from '@acctkit/client';
import type { Credentials } from '@acctkit/signer';
import type { ConnectionRecord, KeyRecord, ProxyStorage } from '../proxy-storage.js';
import type { TokenBroker } from '../token-broker.js';
import { callObject } from './durable-object-rpc.js';
import type { DurableObjectNamespaceLike } from './durable-object-types.js';

const REGISTRY = 'registry';

/**
 * {@link ProxyStorage} on Durable Objects: keys and the connection list in the `ProxyRegistry`
 * object, each connection's record and tokens in its own `ProxyConnection` object.
 *
 * @param connections - The `PROXY_CONNECTIONS` namespace.
 * @param registry - The `PROXY_REGISTRY` namespace.
 * @returns The storage.
 * @example
 * ```ts
 * import { durableObjectStorage } from '@acctkit/edge-proxy/workers';
 * const storage = durableObjectStorage(env.PROXY_CONNECTIONS, env.PROXY_REGISTRY);
 * ```
 */
export function durableObjectStorage(
  connections: DurableObjectNamespaceLike,
  registry: DurableObjectNamespaceLike,
): ProxyStorage {
  return {
    getConnection: async (id) =>
      (await callObject<ConnectionRecord | null>(connections, id, 'record')) ?? undefined,
    listConnections: () => callObject<ConnectionRecord[]>(registry, REGISTRY, 'listConnections'),
    async saveConnection(record, tokens) {
      await callObject(connections, record.id, 'save', { record, tokens });
      await callObject(registry, REGISTRY, 'putConnection', record);
    },
    async deleteConnection(id) {
      const existed = await callObject<boolean>(connections, id, 'remove');
      await callObject(registry, REGISTRY, 'deleteConnection', id);
      return existed;
    },
    getTokens: async (connection) =>
      (await callObject<TokenSet | null>(connections, connection, 'tokens')) ?? undefined,
    setTokens: async (connection, tokens) => {
      await callObject(connections, connection, 'setTokens', tokens);
    },
    findKey: async (hash) =>
      (await callObject<KeyRecord | null>(registry, REGISTRY, 'findKey', hash)) ?? undefined,
    saveKey: async (record) => {
      await callObject(registry, REGISTRY, 'saveKey', record);
    },
    listKeys: (connection) => callObject<KeyRecord[]>(registry, REGISTRY, 'listKeys', connection ?? null),
    revokeKey: (id, at) => callObject<boolean>(registry, REGISTRY, 'revokeKey', { id, at }),
  };
}

/**
 * A {@link TokenBroker} whose every connection's tokens live in, and are refreshed by, that
 * connection's `ProxyConnection` Durable Object: single-flight across all isolates of the Worker.
 *
 * @param connections - The `PROXY_CONNECTIONS` namespace.
 * @returns The broker.
 * @example
 * ```ts
 * import { createProxy } from '@acctkit/edge-proxy';
 * import { durableObjectBroker, durableObjectStorage } from '@acctkit/edge-proxy/workers';
 * const app = createProxy({
 *   upstream,
 *   storage: durableObjectStorage(env.PROXY_CONNECTIONS, env.PROXY_REGISTRY),
 *   broker: durableObjectBroker(env.PROXY_CONNECTIONS),
 * });
 * ```
 */
export function durableObjectBroker(connections: DurableObjectNamespaceLike): TokenBroker {
  return {
    credentials: (connection) => callObject<Credentials>(connections, connection, 'credentials'),
    async refresh(connection, rejected) {
      await callObject(connections, connection, 'refresh', rejected);
    },
    // The object itself forgets when its tokens are replaced.
    forget() {},
  };
}
