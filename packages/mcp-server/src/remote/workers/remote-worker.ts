import { createDurableObjectStorage, type VaultNamespace } from '@acctkit/token-vault/workers';
import type { ExecutionContext, Hono } from 'hono';
import { createRemoteApp } from '../create-remote-app.js';
import { parseRemoteConfig } from '../remote-config.js';

/** The Worker's bindings: the vault's Durable Object namespace, and the variables and secrets. */
export interface RemoteWorkerEnv {
  readonly VAULT: VaultNamespace;
  readonly [name: string]: unknown;
}

let app: Hono | undefined;

/**
 * The remote MCP server as a Worker's `fetch` handler: the same Hono app as on Node, with the vault's
 * Durable Objects (one `VaultObject` per stored key, bound as `VAULT`) for storage and its
 * configuration read from the Worker's variables and secrets (docs/remote.md). The app is built on
 * the first request of an isolate: nothing is read from the environment at import time.
 *
 * @example
 * ```ts
 * // The Worker's entry module, named by `main` in wrangler.toml:
 * import { remoteWorker, VaultObject } from '@acctkit/mcp-server/remote/workers';
 *
 * export { VaultObject };
 * export default remoteWorker;
 * ```
 */
export const remoteWorker: {
  fetch(request: Request, env: RemoteWorkerEnv, ctx: ExecutionContext): Response | Promise<Response>;
} = {
  fetch(request, env, ctx) {
    const vars: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(env)) if (typeof v === 'string') vars[k] = v;
    app ??= createRemoteApp(
      {
        ...parseRemoteConfig(vars),
        allowLoopbackClientMetadata: vars.ACCTKIT_MCP_TEST_LOOPBACK_METADATA === '1',
        legacyForms: false,
        // An object, not a string: Workers Logs indexes its fields.
        // biome-ignore lint/suspicious/noConsole: the console is the Workers runtime's log.
        requestLog: (record) => console.log(record),
      },
      createDurableObjectStorage(env.VAULT),
    );
    return app.fetch(request, env, ctx);
  },
};
