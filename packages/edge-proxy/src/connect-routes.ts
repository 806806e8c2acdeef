import { authorizationUrl, exchangeCode } from '@acctkit/client';
import { Hono } from 'hono';
import type { ConnectionTokens } from './connection-tokens.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import type { UpstreamOptions } from './proxy-options.js';
import type { ProxyStore } from './proxy-store.js';

/** What the connect flow needs. */
export interface ConnectConfig {
  /** Where the service sends the browser back; the callback is served at its path. */
  readonly redirectUri: string;
  readonly authUrl: string;
  readonly scope: 'readonly' | 'full_access';
  readonly upstream: UpstreamOptions;
  readonly store: ProxyStore;
  readonly tokens: ConnectionTokens;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly now: () => number;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></html>`;

/**
 * The OAuth connect flow for a business owner: `GET /connect?ticket=…` (a link from
 * `POST /_proxy/connect-links`) sends the browser to the service's consent page with the ticket as
 * `state`; the callback (the path of `redirectUri`, by default `/connect/callback`) uses the ticket
 * up (the first callback wins, a second use of the link is refused), refuses to replace an existing
 * connection unless the admin asked for it, exchanges the code with the configured client credentials
 * and stores the connection under the ticket's name.
 */
export function connectRoutes(config: ConnectConfig): Hono<ProxyEnv> {
  const app = new Hono<ProxyEnv>();
  const { redirectUri } = config;

  const unusable = () =>
    page(
      'Link not usable',
      "This connect link is unknown, has expired, or has already been used: each link connects once. Ask the proxy's administrator for a new one.",
    );

  app.get('/connect', async (c) => {
    const ticket = c.req.query('ticket') ?? '';
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    if (!(await config.store.peekTicket(ticket))) return c.html(unusable(), 410);
    const { url } = authorizationUrl({
      authUrl: config.authUrl,
      clientId: config.upstream.clientId,
      redirectUri,
      scope: config.scope,
      state: ticket,
    });
    return c.redirect(url, 302);
  });

  app.get(new URL(redirectUri).pathname, async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    // Used up here, whatever follows: a second callback with the same link finds nothing.
    const ticket = await config.store.takeTicket(c.req.query('state') ?? '');
    if (!ticket) return c.html(unusable(), 410);
    const { connection } = ticket;
    if (!ticket.replace && (await config.store.getConnection(connection)))
      return c.html(
        page(
          'Not connected',
          `The proxy already has a connection named "${connection}", and this link was not made to replace it. Nothing was changed.`,
        ),
        409,
      );
    const denied = c.req.query('error');
    if (denied) return c.html(page('Not connected', `The service answered: ${denied}.`), 400);
    const code = c.req.query('code');
    const country = c.req.query('country')?.toLowerCase();
    if (!code || (country !== 'de' && country !== 'pt'))
      throw new ProxyError('invalid_request', 'The callback carries no code or an unknown country.');
    const { data } = await exchangeCode({
      baseUrl: config.upstream.baseUrl,
      clientId: config.upstream.clientId,
      clientSecret: config.upstream.clientSecret,
      fetch: config.fetch,
      code,
      redirectUri,
    });
    if (!data)
      return c.html(page('Not connected', 'The service refused the authorization code; try again.'), 502);
    const now = config.now();
    await config.store.saveConnection(
      { id: connection, variant: country, connectedAt: now },
      {
        accessToken: data.access_token,
        refreshToken: data.refresh_token,
        expiresAt: now + data.expires_in * 1000,
        scope: data.scope,
      },
    );
    config.tokens.forget(connection);
    return c.html(page('Connected', `Your business is connected to this proxy as "${connection}".`));
  });
  return app;
}
