import { authorizationUrl, exchangeCode, toTokenSet } from '@acctkit/client';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
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

/** A page of the connect flow; `hono/html` escapes the title and text (which may carry the service's words). */
const page = (title: string, text: string): HtmlEscapedString | Promise<HtmlEscapedString> =>
  html`<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p></html>`;

/**
 * The OAuth connect flow for a business owner: `GET /connect?ticket=…` (a link from
 * `POST /_proxy/connect-links`) sends the browser to the service's consent page with the ticket as
 * `state`; the callback (the path of `redirectUri`, by default `/connect/callback`) uses the ticket
 * up (the first callback wins, a second use of the link is refused), refuses to replace an existing
 * connection unless the admin asked for it, exchanges the code with the configured client credentials
 * and stores the connection under the ticket's name, by compare-and-set against the connection as it
 * was before the exchange (absent, or the version a `replace` link found): of two callbacks racing for
 * one name the second is refused with a 409 page.
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
    // What the link may write over, read before the exchange: the save after it is a compare-and-set
    // against this, so of two links racing for one name only the first to store wins.
    const { record: existing, version } = await config.store.readConnection(connection);
    if (!ticket.replace && existing)
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
    const saved = await config.store.saveConnection(
      { id: connection, variant: country, connectedAt: now },
      toTokenSet(data, now, country),
      version,
    );
    // The tokens of a link that lost are dropped: the service offers no revocation endpoint.
    if (!saved)
      return c.html(
        page(
          'Not connected',
          `Another connect link connected "${connection}" while you were signing in. Nothing was changed; ask the proxy's administrator for a new link if this business should replace it.`,
        ),
        409,
      );
    return c.html(page('Connected', `Your business is connected to this proxy as "${connection}".`));
  });
  return app;
}
