import { timingSafeEqual } from '@acctkit/signer';
import { Hono } from 'hono';
import { issueTicket } from './connect-ticket.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import { createKey } from './proxy-keys.js';
import type { KeyRecord, ProxyStorage } from './proxy-storage.js';
import type { TokenBroker } from './token-broker.js';

/** What the admin API needs. */
export interface AdminConfig {
  readonly adminToken: string;
  readonly storage: ProxyStorage;
  readonly broker: TokenBroker;
  readonly now: () => number;
  /** `{publicUrl}/connect` when the connect flow is on. */
  readonly connectUrl: string | undefined;
}

const connectionId = /^[a-z0-9_-]{1,64}$/;

async function json(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ProxyError('invalid_request', 'Send a JSON object.');
  return body as Record<string, unknown>;
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
 * listed and revoked, and connect links for business owners. Every call needs the admin token.
 */
export function adminRoutes(config: AdminConfig): Hono<ProxyEnv> {
  const app = new Hono<ProxyEnv>();
  app.use(async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(given, config.adminToken))
      throw new ProxyError('unauthorized', 'Send the admin token as `Authorization: Bearer <token>`.');
    await next();
  });

  app.post('/connections', async (c) => {
    const body = await json(c.req.raw);
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
    await config.storage.saveConnection(record, {
      accessToken: typeof access_token === 'string' ? access_token : '',
      refreshToken: refresh_token,
      // Without an access token the first request refreshes.
      expiresAt: typeof access_token === 'string' && access_token ? now + expiresIn * 1000 : 0,
      scope: typeof body.scope === 'string' ? body.scope : undefined,
    });
    config.broker.forget(id);
    return c.json({ id, variant, connected_at: new Date(now).toISOString() }, 201);
  });

  app.get('/connections', async (c) => {
    const list = await config.storage.listConnections();
    return c.json({
      connections: list.map((r) => ({
        id: r.id,
        variant: r.variant,
        connected_at: new Date(r.connectedAt).toISOString(),
      })),
    });
  });

  app.delete('/connections/:id', async (c) => {
    const id = c.req.param('id');
    const existed = await config.storage.deleteConnection(id);
    config.broker.forget(id);
    if (!existed) throw new ProxyError('not_found', 'No such connection.');
    return c.body(null, 204);
  });

  app.post('/keys', async (c) => {
    const { connection, scope } = await json(c.req.raw);
    if (scope !== 'read' && scope !== 'write')
      throw new ProxyError('invalid_request', "`scope` must be 'read' or 'write'.");
    if (typeof connection !== 'string' || !(await config.storage.getConnection(connection)))
      throw new ProxyError('not_found', '`connection` names no connection.');
    const created = await createKey(scope);
    await config.storage.saveKey({
      id: created.id,
      hash: created.hash,
      connection,
      scope,
      createdAt: config.now(),
    });
    return c.json({ id: created.id, key: created.key, connection, scope }, 201);
  });

  app.get('/keys', async (c) => {
    const keys = await config.storage.listKeys(c.req.query('connection'));
    return c.json({ keys: keys.map(keyView) });
  });

  app.delete('/keys/:id', async (c) => {
    if (!(await config.storage.revokeKey(c.req.param('id'), config.now())))
      throw new ProxyError('not_found', 'No such key.');
    return c.body(null, 204);
  });

  app.post('/connect-links', async (c) => {
    if (!config.connectUrl)
      throw new ProxyError('not_found', 'The connect flow is not configured (`connect`).');
    const { connection } = await json(c.req.raw);
    if (typeof connection !== 'string' || !connectionId.test(connection))
      throw new ProxyError('invalid_request', '`connection` must be 1–64 of a-z, 0-9, _ and -.');
    const expiresAt = config.now() + 24 * 3600_000;
    const ticket = await issueTicket(config.adminToken, connection, expiresAt);
    return c.json(
      {
        url: `${config.connectUrl}?ticket=${encodeURIComponent(ticket)}`,
        expires_at: new Date(expiresAt).toISOString(),
      },
      201,
    );
  });

  app.all('*', () => {
    throw new ProxyError('not_found', 'No such admin route.');
  });
  return app;
}
