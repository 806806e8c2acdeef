// The Workers entry of the remote MCP server: the same Hono app as on Node, with Durable Objects for
// storage. `wrangler deploy` after `wrangler secret put` of the variables in docs/remote.md.
import type { Hono } from 'hono';
import { createRemoteApp } from '../src/remote/create-remote-app.js';
import { parseRemoteConfig } from '../src/remote/remote-config.js';
import { createDurableStorage, type RemoteStoreNamespace } from './durable-storage.js';

export { RemoteStore } from './durable-storage.js';

/** The Worker's bindings: the Durable Object namespace and the configuration variables and secrets. */
export interface Env {
  readonly REMOTE_STORE: RemoteStoreNamespace;
  readonly [name: string]: unknown;
}

let app: Hono | undefined;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const vars: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(env)) if (typeof v === 'string') vars[k] = v;
    // Built once per isolate: nothing is read from the environment at import time.
    app ??= createRemoteApp(
      {
        ...parseRemoteConfig(vars),
        allowLoopbackClientMetadata: vars.ACCTKIT_MCP_TEST_LOOPBACK_METADATA === '1',
      },
      createDurableStorage(env.REMOTE_STORE),
    );
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
