import { timingSafeEqual } from '@acctkit/signer';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adminDocsLink, adminRouteList } from './admin-document.js';
import { DEMO_BUSINESS_IDS, DEMO_CLIENT } from './demo-accounts.js';
import type { Business, Client } from './directory.js';
import type { FaultSpec } from './fault-injector.js';
import { isRegisteredRedirect } from './redirect-uri.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { AdminError } from './sandbox-error.js';
import type { Scope } from './scope.js';
import { randomToken } from './secrets.js';
import { statementRoute } from './statement-export/statement-route.js';

/** The message of a call to `/_sandbox/*` while the admin API is off. */
const ADMIN_DISABLED_MESSAGE =
  'the admin API is disabled: start with --admin-token <token> (or the adminToken option of createSandbox/startServer).';

const bad = (message: string, cause?: unknown): AdminError =>
  new AdminError('ADMIN_BAD_REQUEST', message, cause === undefined ? {} : { cause });

/** The largest admin request body, in bytes: the admin calls take a few short fields. */
const ADMIN_BODY_MAX_BYTES = 10_000;

const limitAdminBody = bodyLimit({
  maxSize: ADMIN_BODY_MAX_BYTES,
  onError: () => {
    throw new AdminError(
      'ADMIN_BODY_TOO_LARGE',
      `The admin request body is larger than ${ADMIN_BODY_MAX_BYTES} bytes: send less.`,
    );
  },
});

/**
 * Reads an admin call's JSON object body. `bodyLimit` refuses a declared `Content-Length` over the
 * limit unread and counts a chunked body as it arrives, stopping at the limit, so no more than the
 * limit of a body is ever held.
 */
async function jsonBody(c: Context<SandboxEnv>): Promise<Record<string, unknown>> {
  await limitAdminBody(c, async () => {});
  const text = await c.req.raw.text();
  if (text.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch (cause) {
    throw bad('The admin API takes a JSON object body, for example {"business":"de"}.', cause);
  }
}

function businessOf(state: SandboxState, which: unknown): Business {
  const id =
    which === 'de' || which === 'pt'
      ? DEMO_BUSINESS_IDS[which]
      : typeof which === 'number'
        ? which
        : Number.NaN;
  const business = Number.isInteger(id) ? state.directory.business(id) : undefined;
  if (!business) throw bad('business must be "de", "pt" or the id of a business.');
  return business;
}

function scopeOf(value: unknown): Scope {
  const scope = value ?? 'full_access';
  if (scope !== 'full_access' && scope !== 'readonly')
    throw bad('scope must be "full_access" or "readonly".');
  return scope;
}

function clientOf(state: SandboxState, value: unknown): Client {
  const clientId = typeof value === 'string' ? value : DEMO_CLIENT.clientId;
  const client = state.directory.client(clientId);
  if (!client) throw bad(`Unknown client_id '${clientId}': leave it out to use the demo client.`);
  return client;
}

const optionalString = (body: Record<string, unknown>, key: string): string | undefined => {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw bad(`${key} must be a non-empty string.`);
  return v;
};

/**
 * The admin API under `/_sandbox/`, with `Authorization: Bearer <admin token>`: list its routes, mint
 * tokens, issue authorization codes, revoke grants, reset data, advance the clock, inject faults, export
 * bank statements of the demo data. Without an admin
 * token every `/_sandbox/*` call is 403 `ADMIN_DISABLED`.
 */
export function adminRoutes(app: Hono<SandboxEnv>, state: SandboxState, reset: () => void): void {
  const adminToken = state.adminToken;
  app.use('/_sandbox/*', async (c, next) => {
    if (adminToken === undefined) throw new AdminError('ADMIN_DISABLED', ADMIN_DISABLED_MESSAGE);
    const token = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    // Constant time: the comparison must not tell how much of a guessed admin token was right.
    if (token === undefined || !timingSafeEqual(token, adminToken))
      throw new AdminError(
        'ADMIN_UNAUTHORIZED',
        'The admin API needs Authorization: Bearer <admin token>, the token the sandbox was started with.',
      );
    await next();
  });

  // The index: the routes as the admin API's OpenAPI document describes them (a test keeps the two in step).
  app.get('/_sandbox/', (c) =>
    c.json({
      reference: '/docs?variant=admin',
      document: '/docs/admin.json',
      routes: adminRouteList().map((r) => ({
        method: r.method,
        path: r.path,
        purpose: r.purpose,
        docs: adminDocsLink(r),
      })),
    }),
  );

  app.post('/_sandbox/tokens', async (c) => {
    const body = await jsonBody(c);
    const scope = scopeOf(body.scope);
    const business = businessOf(state, body.business ?? 'de');
    const client = clientOf(state, body.client_id);
    const t = state.directory.issueTokens(
      {
        clientId: client.clientId,
        userId: state.directory.ownerOf(business.id),
        businessId: business.id,
        scope,
        codeHash: null,
      },
      state.clock.now(),
      state.accessTokenTtlSeconds,
    );
    return c.json(
      {
        access_token: t.accessToken,
        refresh_token: t.refreshToken,
        expires_in: t.expiresIn,
        scope: t.scope,
        token_type: 'Bearer',
        signing_secret: client.signingSecret,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        country: business.country,
        business_id: business.id,
      },
      201,
      { 'Cache-Control': 'no-store' },
    );
  });

  // A real authorization code, as the consent page issues it after the owner approves.
  app.post('/_sandbox/codes', async (c) => {
    const body = await jsonBody(c);
    const scope = scopeOf(body.scope);
    const business = businessOf(state, body.business ?? 'de');
    const client = clientOf(state, body.client_id);
    const redirectUri = optionalString(body, 'redirect_uri');
    if (redirectUri === undefined) throw bad('redirect_uri is required: send one registered for the client.');
    if (!isRegisteredRedirect(client.redirectUris, redirectUri))
      throw bad(`redirect_uri '${redirectUri}' is not registered for client '${client.clientId}'.`);
    const st = optionalString(body, 'state');
    const userId = state.directory.ownerOf(business.id);
    if (userId === null) throw bad(`Business ${business.id} has no owner to approve the request.`);
    const code = randomToken(20);
    state.directory.createCode(code, {
      clientId: client.clientId,
      redirectUri,
      userId,
      businessId: business.id,
      scope,
      expiresAt: state.clock.now() + state.codeTtlSeconds * 1000,
    });
    return c.json(
      {
        code,
        ...(st === undefined ? {} : { state: st }),
        country: business.country,
        business_id: business.id,
        redirect_uri: redirectUri,
      },
      201,
      { 'Cache-Control': 'no-store' },
    );
  });

  // What a user removing the app at the service does: its tokens stop working, refresh included.
  app.post('/_sandbox/revoke', async (c) => {
    const body = await jsonBody(c);
    const accessToken = optionalString(body, 'access_token');
    const refreshToken = optionalString(body, 'refresh_token');
    const now = state.clock.now();
    if (accessToken !== undefined || refreshToken !== undefined) {
      const pair = state.directory.revokePair(
        accessToken !== undefined ? { accessToken } : { refreshToken: refreshToken as string },
        now,
      );
      if (!pair) throw bad('The token is unknown: send an access_token or refresh_token the sandbox issued.');
      return c.json({ revoked: 1, business_id: pair.businessId, client_id: pair.clientId });
    }
    if (body.business === undefined)
      throw bad('Send access_token, refresh_token or business (with an optional client_id).');
    const business = businessOf(state, body.business);
    const client = clientOf(state, body.client_id);
    const revoked = state.directory.revokeBusiness(business.id, client.clientId, now);
    return c.json({ revoked, business_id: business.id, client_id: client.clientId });
  });

  app.post('/_sandbox/reset', (c) => {
    reset();
    return c.json({ reset: true });
  });

  app.post('/_sandbox/clock', async (c) => {
    const body = await jsonBody(c);
    const seconds = body.advance_seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds))
      throw bad('Send { "advance_seconds": <number> }.');
    state.clock.advance(seconds * 1000);
    return c.json({
      now: new Date(state.clock.now()).toISOString(),
      offset_seconds: state.clock.offsetMs / 1000,
    });
  });
  app.get('/_sandbox/clock', (c) =>
    c.json({ now: new Date(state.clock.now()).toISOString(), offset_seconds: state.clock.offsetMs / 1000 }),
  );

  app.post('/_sandbox/faults', async (c) => {
    const body = await jsonBody(c);
    const type = body.type;
    if (
      type !== 'latency' &&
      type !== '429' &&
      type !== '500' &&
      type !== '503' &&
      type !== 429 &&
      type !== 500 &&
      type !== 503
    )
      throw bad('type must be "latency", 429, 500 or 503.');
    const num = (k: string, min: number, max: number): number | undefined => {
      const v = body[k];
      if (v === undefined) return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
        throw bad(`${k} must be a number from ${min} to ${max}.`);
      return v;
    };
    const spec: FaultSpec = {
      type: String(type) as FaultSpec['type'],
      count: num('count', 1, 1_000_000),
      rate: num('rate', 0, 1),
      latencyMs: num('latency_ms', 0, 60_000),
      retryAfterSeconds: num('retry_after_seconds', 0, 86_400),
    };
    state.faults.add(spec);
    return c.json({ faults: state.faults.list() }, 201);
  });
  app.get('/_sandbox/faults', (c) => c.json({ faults: state.faults.list() }));
  app.delete('/_sandbox/faults', (c) => {
    state.faults.clear();
    return c.json({ faults: [] });
  });

  statementRoute(app, state);
}
