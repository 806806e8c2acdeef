import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { DEMO_BUSINESS_IDS, DEMO_CLIENT } from './demo-accounts.js';
import type { FaultSpec } from './fault-injector.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import { apiError, SandboxHttpError } from './sandbox-error.js';
import type { Scope } from './scope.js';

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.length > 10_000)
    throw apiError('invalid_request', 'The admin request body is larger than 10000 bytes.');
  if (text.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch (cause) {
    throw apiError('invalid_request', 'The admin API takes a JSON object body.', cause);
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The admin API under `/_sandbox/` (only mounted when an admin token is configured), with
 * `Authorization: Bearer <admin token>`: mint tokens, reset data, advance the clock, inject faults.
 */
export function adminRoutes(app: Hono<SandboxEnv>, state: SandboxState, reset: () => void): void {
  const adminToken = state.adminToken as string;
  app.use('/_sandbox/*', async (c, next) => {
    const token = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (token === undefined || !sameSecret(token, adminToken))
      throw new SandboxHttpError(
        'API_ERROR',
        401,
        {
          error: 'invalid_token',
          error_description: 'The admin API needs Authorization: Bearer <admin token>.',
        },
        { headers: { 'WWW-Authenticate': 'Bearer' } },
      );
    await next();
  });

  app.post('/_sandbox/tokens', async (c) => {
    const body = await jsonBody(c.req.raw);
    const which = body.business ?? 'de';
    const scope = (body.scope ?? 'full_access') as Scope;
    if (scope !== 'full_access' && scope !== 'readonly')
      throw apiError('invalid_request', 'scope must be full_access or readonly.');
    const id =
      which === 'de' || which === 'pt'
        ? DEMO_BUSINESS_IDS[which]
        : typeof which === 'number'
          ? which
          : Number.NaN;
    const business = Number.isInteger(id) ? state.directory.business(id) : undefined;
    if (!business) throw apiError('invalid_request', 'business must be "de", "pt" or the id of a business.');
    const clientId = typeof body.client_id === 'string' ? body.client_id : DEMO_CLIENT.clientId;
    const client = state.directory.client(clientId);
    if (!client) throw apiError('invalid_request', `Unknown client_id '${clientId}'.`);
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

  app.post('/_sandbox/reset', (c) => {
    reset();
    return c.json({ reset: true });
  });

  app.post('/_sandbox/clock', async (c) => {
    const body = await jsonBody(c.req.raw);
    const seconds = body.advance_seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds))
      throw apiError('invalid_request', 'Send { "advance_seconds": <number> }.');
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
    const body = await jsonBody(c.req.raw);
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
      throw apiError('invalid_request', 'type must be "latency", 429, 500 or 503.');
    const num = (k: string, min: number, max: number): number | undefined => {
      const v = body[k];
      if (v === undefined) return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
        throw apiError('invalid_request', `${k} must be a number from ${min} to ${max}.`);
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
}
