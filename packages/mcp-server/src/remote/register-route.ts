import { updateKey } from '@acctkit/token-vault';
import type { Context, Hono } from 'hono';
import { addressBucket, cloudflareClientAddress } from './client-address.js';
import { registerClient } from './client-registry.js';
import { OAuthHttpError } from './oauth-error.js';
import type { RemoteContext } from './remote-context.js';

/**
 * Counts a registration against its client address's fixed one-minute window, in storage so that every
 * instance shares the count; throws 429 with `Retry-After` past the limit.
 */
async function limitRegistrations(ctx: RemoteContext, c: Context): Promise<void> {
  const limit = ctx.config.registrationsPerMinute;
  if (limit <= 0) return;
  const now = ctx.config.now();
  const window = Math.floor(now / 60_000);
  const bucket = addressBucket((ctx.config.clientAddress ?? cloudflareClientAddress)(c));
  const count = await updateKey<number, number>(ctx.storage, `register-rate:${bucket}:${window}`, (n) => ({
    value: (n ?? 0) + 1,
    expiresAt: (window + 2) * 60_000,
    result: (n ?? 0) + 1,
  }));
  if (count <= limit) return;
  const retryAfter = Math.max(1, (window + 1) * 60 - Math.floor(now / 1000));
  throw new OAuthHttpError(
    429,
    'too_many_requests',
    `At most ${limit} client registrations a minute from one address; retry in ${retryAfter} s.`,
    { 'Retry-After': String(retryAfter) },
  );
}

/** `POST /register`: RFC 7591 Dynamic Client Registration, for clients without a metadata document. */
export function registerRoute(app: Hono, ctx: RemoteContext): void {
  app.post('/register', async (c) => {
    await limitRegistrations(ctx, c);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new OAuthHttpError(400, 'invalid_client_metadata', 'Send the client metadata as a JSON object.');
    }
    const { response } = await registerClient(ctx.config, ctx.storage, body);
    return c.json(response, 201, { 'Cache-Control': 'no-store' });
  });
}
