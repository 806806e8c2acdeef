import { createVault, isVaultError, type Vault, type VaultStorage } from '@acctkit/token-vault';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { authorizeRoutes } from './authorize-routes.js';
import type { BearerEnv } from './bearer-auth.js';
import { callbackRoute } from './callback-route.js';
import { healthRoute } from './health-route.js';
import { mcpRoute } from './mcp-route.js';
import { metadataRoutes } from './metadata-routes.js';
import { OAuthHttpError } from './oauth-error.js';
import { registerRoute } from './register-route.js';
import { type RemoteConfig, type ResolvedConfig, resolveConfig } from './remote-config.js';
import type { RemoteContext } from './remote-context.js';
import { RemoteError } from './remote-error.js';
import { corsFor, hostAndOriginGuard } from './request-guards.js';
import { requestLog } from './request-log.js';
import { deriveMacKey } from './secrets.js';
import { STORED_PREFIX } from './stored-keys.js';
import { tokenRoute } from './token-route.js';

const FORM_LIMIT = 64 * 1024;
// Client metadata: ten redirect URIs and a name fit many times over (documents are capped at 5 KiB).
const REGISTRATION_LIMIT = 8 * 1024;

/**
 * Builds the remote MCP server as a Hono app, the same on Node and on Workers: `/mcp` (Streamable
 * HTTP, OAuth-protected), the discovery documents, and an OAuth 2.1 authorization server
 * (`/authorize`, `/callback`, `/token`, `/register`) in front of the accounting service's own
 * OAuth. All state lives in `storage`; the app keeps none between requests.
 *
 * @param config - See {@link RemoteConfig}; `parseRemoteConfig(env)` reads it from the environment.
 * @param storage - `@acctkit/token-vault`'s SQLite storage on Node, Durable Objects on Workers.
 * @returns The app; `app.fetch` handles a `Request`.
 * @example
 * ```ts
 * import { createSqliteStorage } from '@acctkit/token-vault/node';
 * const app = createRemoteApp(parseRemoteConfig(process.env), createSqliteStorage('mcp.sqlite'));
 * const res = await app.request('https://mcp.example.com/.well-known/oauth-protected-resource');
 * ```
 */
export function createRemoteApp(config: RemoteConfig, storage: VaultStorage): Hono {
  const resolved = resolveConfig(config);
  const first = resolved.encryptionKeys[0] as { key: Uint8Array };
  const ctx: RemoteContext = {
    config: resolved,
    storage,
    vault: remoteVault(resolved, storage),
    mac: deriveMacKey(first.key, 'acctkit-mcp-remote forms and cookies'),
    secureCookies: resolved.publicUrl.startsWith('https:'),
  };
  const app = new Hono<BearerEnv>();
  app.onError((err) => {
    if (err instanceof OAuthHttpError) return err.getResponse();
    if (err instanceof HTTPException) return err.getResponse();
    return Response.json(
      { error: 'server_error', error_description: 'Internal error.' },
      { status: 500, headers: { 'Cache-Control': 'no-store' } },
    );
  });
  const tooLarge = (limit: number) =>
    bodyLimit({
      maxSize: limit,
      onError: (c) =>
        c.json({ error: 'invalid_request', error_description: `Bodies are limited to ${limit} bytes.` }, 413),
    });
  const { api, discovery } = corsFor(ctx);
  // First, so every answer is logged, the guards' refusals included; a caller's plain request id is kept.
  app.use('*', requestId({ limitLength: 128 }));
  app.use('*', requestLog(config.requestLog, resolved.now));
  // Before the host guard: a container's check calls 127.0.0.1, not the public host.
  healthRoute(app as unknown as Hono);
  app.use('*', hostAndOriginGuard(ctx));
  app.use('/.well-known/*', discovery);
  for (const path of ['/mcp', '/token', '/register']) app.use(path, api);
  app.use('/mcp', tooLarge(resolved.maxBodyBytes));
  for (const path of ['/token', '/authorize']) app.use(path, tooLarge(FORM_LIMIT));
  app.use('/register', tooLarge(REGISTRATION_LIMIT));
  metadataRoutes(app as unknown as Hono, ctx);
  registerRoute(app as unknown as Hono, ctx);
  authorizeRoutes(app as unknown as Hono, ctx);
  callbackRoute(app as unknown as Hono, ctx);
  tokenRoute(app as unknown as Hono, ctx);
  mcpRoute(app, ctx);
  return app as unknown as Hono;
}

/** The vault of the grants' upstream tokens, over the app's storage. */
function remoteVault(config: ResolvedConfig, storage: VaultStorage): Vault {
  try {
    return createVault({
      storage,
      keys: config.encryptionKeys,
      upstream: {
        baseUrl: config.upstream.baseUrl,
        clientId: config.upstream.clientId,
        clientSecret: config.upstream.clientSecret,
        signingSecret: config.upstream.signingSecret,
      },
      fetch: config.fetch,
      now: config.now,
      prefix: STORED_PREFIX.upstream,
    });
  } catch (cause) {
    if (isVaultError(cause))
      throw new RemoteError('CONFIG', `ACCTKIT_MCP_ENCRYPTION_KEYS: ${cause.message}`, { cause });
    throw cause;
  }
}
