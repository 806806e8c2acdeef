import { authorizationUrl, exchangeCode } from '@acctkit/client';
import { Hono } from 'hono';
import { readTicket } from './connect-ticket.js';
import type { ProxyEnv } from './proxy-env.js';
import { ProxyError } from './proxy-error.js';
import type { ProxyStorage } from './proxy-storage.js';
import type { TokenBroker, UpstreamOptions } from './token-broker.js';

/** What the connect flow needs. */
export interface ConnectConfig {
  readonly adminToken: string;
  /** Where the service sends the browser back; the callback is served at its path. */
  readonly redirectUri: string;
  readonly authUrl: string;
  readonly scope: 'readonly' | 'full_access';
  readonly upstream: UpstreamOptions;
  readonly storage: ProxyStorage;
  readonly broker: TokenBroker;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly now: () => number;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></html>`;

/**
 * The OAuth connect flow for a business owner: `GET /connect?ticket=…` (a link from
 * `POST /_proxy/connect-links`) sends the browser to the service's consent page with the ticket as
 * `state`; the callback (the path of `redirectUri`, by default `/connect/callback`) checks the ticket,
 * exchanges the code with the configured client credentials and stores the connection under the
 * ticket's name.
 */
export function connectRoutes(config: ConnectConfig): Hono<ProxyEnv> {
  const app = new Hono<ProxyEnv>();
  const { redirectUri } = config;

  app.get('/connect', async (c) => {
    const ticket = c.req.query('ticket') ?? '';
    if (!(await readTicket(config.adminToken, ticket, config.now())))
      throw new ProxyError('forbidden', 'This connect link is invalid or has expired; ask for a new one.');
    const { url } = authorizationUrl({
      authUrl: config.authUrl,
      clientId: config.upstream.clientId,
      redirectUri,
      scope: config.scope,
      state: ticket,
    });
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(url, 302);
  });

  app.get(new URL(redirectUri).pathname, async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const connection = await readTicket(config.adminToken, c.req.query('state') ?? '', config.now());
    if (!connection)
      throw new ProxyError('forbidden', 'The state of this callback is invalid or has expired.');
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
    await config.storage.saveConnection(
      { id: connection, variant: country, connectedAt: now },
      {
        accessToken: data.access_token,
        refreshToken: data.refresh_token,
        expiresAt: now + data.expires_in * 1000,
        scope: data.scope,
      },
    );
    config.broker.forget(connection);
    return c.html(page('Connected', `Your business is connected to this proxy as "${connection}".`));
  });
  return app;
}
