import { timingSafeEqual } from '@acctkit/signer';
import { type Context, type Handler, Hono } from 'hono';
import type { ConnectionTokens } from './connection-tokens.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import { createKey } from './proxy-keys.js';
import type { KeyRecord, ProxyStore } from './proxy-store.js';
import { readLimitedBody } from './read-limited-body.js';

/** What the admin API needs. */
export interface AdminConfig {
  readonly adminToken: string;
  readonly store: ProxyStore;
  readonly tokens: ConnectionTokens;
  readonly now: () => number;
  /** `{publicUrl}/connect` when the connect flow is on. */
  readonly connectUrl: string | undefined;
  /** How long a connect link stays usable, in ms. */
  readonly linkTtlMs: number;
}

const connectionId = /^[a-z0-9_-]{1,64}$/;

/** Admin bodies are a few fields: anything longer is refused while it streams, even with the token. */
const ADMIN_BODY_LIMIT = 16 * 1024;

async function json(c: Context<ProxyEnv>): Promise<Record<string, unknown>> {
  const text = await readLimitedBody(c, ADMIN_BODY_LIMIT);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ProxyError('invalid_request', 'Send a JSON object.');
  return body as Record<string, unknown>;
}

/** One route of the admin API, as `GET /_proxy/` lists it. */
interface AdminRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The full path, parameters in braces (`/_proxy/keys/{id}`). */
  readonly path: string;
  readonly purpose: string;
}

const keyView = (k: KeyRecord): Record<string, unknown> => ({
  id: k.id,
  connection: k.connection,
  scope: k.scope,
  created_at: new Date(k.createdAt).toISOString(),
  revoked_at: k.revokedAt === undefined ? null : new Date(k.revokedAt).toISOString(),
});

/**
 * The admin API, mounted at `/_proxy`: connections registered from tokens, keys created (shown once),
 * listed and revoked, and connect links for business owners. Every call needs the admin token;
 * `GET /_proxy/` lists the routes, each registered together with what it is for.
 */
export function adminRoutes(config: AdminConfig): Hono<ProxyEnv> {
  const app = new Hono<ProxyEnv>();
  const routes: AdminRoute[] = [];
  const route = <P extends string>(
    method: AdminRoute['method'],
    path: P,
    purpose: string,
    handler: Handler<ProxyEnv, P>,
  ): void => {
    routes.push({ method, path: `/_proxy${path}`.replace(/:(\w+)/g, '{$1}'), purpose });
    app.on(method, path, handler);
  };
  app.use(async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(given, config.adminToken))
      throw new ProxyError('unauthorized', 'Send the admin token as `Authorization: Bearer <token>`.');
    await next();
  });

  route('GET', '/', 'Lists these admin routes.', (c) => c.json({ routes }));

  route(
    'POST',
    '/connections',
    'Registers a connection, or replaces its tokens: {"id", "variant": "de"|"pt", "refresh_token", "access_token"?, "expires_in"?}.',
    async (c) => {
      const body = await json(c);
      const { id, variant, access_token, refresh_token } = body;
      if (typeof id !== 'string' || !connectionId.test(id))
        throw new ProxyError('invalid_request', '`id` must be 1–64 of a-z, 0-9, _ and -.');
      if (variant !== 'de' && variant !== 'pt')
        throw new ProxyError('invalid_request', "`variant` must be 'de' or 'pt'.");
      if (typeof refresh_token !== 'string' || !refresh_token)
        throw new ProxyError('invalid_request', '`refresh_token` is required.');
      const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 0;
      const now = config.now();
      const record = { id, variant, connectedAt: now } as const;
      // Registering is create-or-replace by design (P16): no version to compare against.
      await config.store.saveConnection(record, {
        accessToken: typeof access_token === 'string' ? access_token : '',
        refreshToken: refresh_token,
        // Without an access token the first request refreshes.
        expiresAt: typeof access_token === 'string' && access_token ? now + expiresIn * 1000 : 0,
        scope: typeof body.scope === 'string' ? body.scope : undefined,
      });
      return c.json({ id, variant, connected_at: new Date(now).toISOString() }, 201);
    },
  );

  route(
    'GET',
    '/connections',
    'Lists the connections (id, variant, connected_at), never their tokens.',
    async (c) => {
      const list = await config.store.listConnections();
      return c.json({
        connections: list.map((r) => ({
          id: r.id,
          variant: r.variant,
          connected_at: new Date(r.connectedAt).toISOString(),
        })),
      });
    },
  );

  route('DELETE', '/connections/:id', 'Removes a connection, its tokens and its keys.', async (c) => {
    const id = c.req.param('id');
    const existed = await config.store.deleteConnection(id);
    if (!existed) throw new ProxyError('not_found', 'No such connection.');
    return c.body(null, 204);
  });

  route(
    'POST',
    '/keys',
    'Creates a key for a connection: {"connection", "scope": "read"|"write"}; the key is shown this once.',
    async (c) => {
      const { connection, scope } = await json(c);
      if (scope !== 'read' && scope !== 'write')
        throw new ProxyError('invalid_request', "`scope` must be 'read' or 'write'.");
      if (typeof connection !== 'string' || !(await config.store.getConnection(connection)))
        throw new ProxyError('not_found', '`connection` names no connection.');
      const created = await createKey(scope);
      await config.store.saveKey({
        id: created.id,
        hash: created.hash,
        connection,
        scope,
        createdAt: config.now(),
      });
      return c.json({ id: created.id, key: created.key, connection, scope }, 201);
    },
  );

  route(
    'GET',
    '/keys',
    'Lists the keys (id, connection, scope, created_at, revoked_at), never the keys themselves; ?connection= filters.',
    async (c) => {
      const keys = await config.store.listKeys(c.req.query('connection'));
      return c.json({ keys: keys.map(keyView) });
    },
  );

  route(
    'DELETE',
    '/keys/:id',
    'Revokes a key: refused from the next request on, listed as revoked for 30 days, then deleted.',
    async (c) => {
      if (!(await config.store.revokeKey(c.req.param('id'), config.now())))
        throw new ProxyError('not_found', 'No such key.');
      return c.body(null, 204);
    },
  );

  route(
    'POST',
    '/connect-links',
    'Makes a single-use link for a business owner to connect: {"connection", "replace"?}; needs `connect` configured.',
    async (c) => {
      if (!config.connectUrl)
        throw new ProxyError('not_found', 'The connect flow is not configured (`connect`).');
      const { connection, replace } = await json(c);
      if (typeof connection !== 'string' || !connectionId.test(connection))
        throw new ProxyError('invalid_request', '`connection` must be 1–64 of a-z, 0-9, _ and -.');
      if (replace !== undefined && typeof replace !== 'boolean')
        throw new ProxyError('invalid_request', '`replace` must be true or false.');
      // Reconnecting an existing name would move every key of it to whatever business signs in.
      if (replace !== true && (await config.store.getConnection(connection)))
        throw new ProxyError(
          'conflict',
          `Connection ${connection} exists; send "replace": true to let the link reconnect it (its keys then reach the business that signs in).`,
        );
      const expiresAt = config.now() + config.linkTtlMs;
      const ticket = await config.store.issueTicket({ connection, replace: replace === true, expiresAt });
      return c.json(
        {
          url: `${config.connectUrl}?ticket=${ticket}`,
          connection,
          replace: replace === true,
          single_use: true,
          expires_at: new Date(expiresAt).toISOString(),
        },
        201,
      );
    },
  );

  app.all('*', (c) => {
    // `/_proxy/`, with the slash the printed admin URL has, is the list too.
    if (c.req.method === 'GET' && c.req.path === '/_proxy/') return c.json({ routes });
    throw new ProxyError('not_found', 'No such admin route: `GET /_proxy/` lists them.');
  });
  return app;
}
