import type { Hono } from 'hono';
import { limitPerAddress } from './address-rate-limit.js';
import { registerClient } from './client-registry.js';
import { OAuthHttpError } from './oauth-error.js';
import type { RemoteContext } from './remote-context.js';

/** `POST /register`: RFC 7591 Dynamic Client Registration, for clients without a metadata document. */
export function registerRoute(app: Hono, ctx: RemoteContext): void {
  app.post('/register', async (c) => {
    await limitPerAddress(ctx, c, 'register', ctx.config.registrationsPerMinute, 'client registrations');
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
