import type { TokenSet } from '@acctkit/client';
import { brokerFailure } from '../broker-failure.js';
import type { ConnectionRecord } from '../proxy-storage.js';
import { createTokenBroker, type TokenBroker } from '../token-broker.js';
import { answerCall } from './durable-object-rpc.js';
import type { DurableObjectStateLike, ProxyWorkerEnv } from './durable-object-types.js';

/**
 * The Durable Object of one connection: it holds the connection's record and tokens and is the only
 * place they are refreshed. Every isolate of the Worker asks this one object for credentials, so
 * refreshes are serialized across isolates (one refresh however many requests find the token
 * expired), and a rotated refresh token is in its storage before anyone uses it. Bind it as
 * `PROXY_CONNECTIONS` (see `wrangler.toml`).
 *
 * @example
 * ```ts
 * // The Worker's entry module exports the class so that the binding can name it.
 * export { ProxyConnection, ProxyRegistry } from '@acctkit/edge-proxy/workers';
 * ```
 */
export class ProxyConnection {
  // The operations close over this object's storage and broker only, so they are built once, not per call.
  readonly #ops: Parameters<typeof answerCall>[1];

  constructor(state: DurableObjectStateLike, env: ProxyWorkerEnv) {
    const storage = state.storage;
    const broker: TokenBroker = createTokenBroker({
      upstream: {
        baseUrl: env.UPSTREAM_URL.replace(/\/+$/, ''),
        clientId: env.CLIENT_ID,
        clientSecret: env.CLIENT_SECRET,
        signingSecret: env.SIGNING_SECRET,
      },
      storage: {
        getTokens: () => storage.get<TokenSet>('tokens'),
        setTokens: (_connection, tokens) => storage.put('tokens', tokens),
      },
    });
    this.#ops = {
      record: () => storage.get<ConnectionRecord>('record'),
      save: async (arg: { record: ConnectionRecord; tokens: TokenSet }) => {
        await storage.put('record', arg.record);
        await storage.put('tokens', arg.tokens);
        broker.forget('this');
      },
      remove: async () => {
        const existed = (await storage.get('record')) !== undefined;
        await storage.deleteAll();
        broker.forget('this');
        return existed;
      },
      tokens: () => storage.get<TokenSet>('tokens'),
      setTokens: async (tokens: TokenSet) => {
        await storage.put('tokens', tokens);
        broker.forget('this');
      },
      credentials: async () => {
        try {
          return await broker.credentials('this');
        } catch (cause) {
          throw brokerFailure(cause);
        }
      },
      refresh: async (rejected: string) => {
        try {
          await broker.refresh('this', rejected);
        } catch (cause) {
          throw brokerFailure(cause);
        }
      },
    };
  }

  /** Answers the calls of `durableObjectStorage` and `durableObjectBroker`. */
  fetch(request: Request): Promise<Response> {
    return answerCall(request, this.#ops);
  }
}
