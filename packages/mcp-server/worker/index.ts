// The Workers entry of the remote MCP server: the same Hono app as on Node, with the vault's Durable
// Objects (one `VaultObject` per stored key) for storage. `wrangler deploy` after `wrangler secret put` of the variables in docs/remote.md.

import { createDurableObjectStorage, type VaultNamespace } from '@acctkit/token-vault/workers';
import type { Hono } from 'hono';
import { createRemoteApp } from '../src/remote/create-remote-app.js';
import { parseRemoteConfig } from '../src/remote/remote-config.js';

export { VaultObject } from '@acctkit/token-vault/workers';

/** The Worker's bindings: the Durable Object namespace and the configuration variables and secrets. */
export interface Env {
  readonly VAULT: VaultNamespace;
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
      createDurableObjectStorage(env.VAULT),
    );
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
