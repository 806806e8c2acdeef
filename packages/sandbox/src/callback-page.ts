import type { Hono } from 'hono';
import { html } from 'hono/html';
import { page } from './authorize-text.js';
import { DEMO_CLIENT } from './demo-accounts.js';
import type { SandboxEnv } from './sandbox-env.js';

const HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

/** Quotes a value for a POSIX shell (single quotes; an inner `'` becomes `'\''`). */
function sh(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * `GET /oauth2/callback`: the sandbox's own redirect URI for the demo client. It shows the result of
 * the authorization (`code`, `country`, `state`, or the error) and the exact token request to make.
 */
export function callbackPage(app: Hono<SandboxEnv>): void {
  app.get('/oauth2/callback', (c) => {
    const url = new URL(c.req.url);
    const q = url.searchParams;
    const redirectUri = `${url.origin}${url.pathname}`;
    const error = q.get('error');
    if (error !== null)
      return c.html(
        page(
          'en',
          'Authorization failed',
          html`<h1>Authorization failed</h1>
<p class="error" role="alert"><code>${error}</code>: ${q.get('error_description') ?? ''}</p>
<p>state: <code id="state">${q.get('state') ?? '(none)'}</code></p>
<p>Start again from the authorization link (see <a href="/docs/guide">the guide</a>).</p>`,
        ),
        400,
        HEADERS,
      );
    const code = q.get('code');
    if (code === null)
      return c.html(
        page(
          'en',
          'No authorization code',
          html`<h1>No authorization code</h1><p>This page is the redirect URI of the demo client; open the authorization link first (see <a href="/docs/guide">the guide</a>).</p>`,
        ),
        400,
        HEADERS,
      );
    const country = q.get('country') ?? '';
    const curl = [
      `curl -s -X POST ${sh(`${url.origin}/oauth2/token`)} \\`,
      `  --data-urlencode grant_type=authorization_code \\`,
      `  --data-urlencode ${sh(`client_id=${DEMO_CLIENT.clientId}`)} \\`,
      `  --data-urlencode ${sh(`client_secret=${DEMO_CLIENT.clientSecret}`)} \\`,
      `  --data-urlencode ${sh(`code=${code}`)} \\`,
      `  --data-urlencode ${sh(`redirect_uri=${redirectUri}`)}`,
    ].join('\n');
    return c.html(
      page(
        'en',
        'Authorization code received',
        html`<h1>Authorization code received</h1>
<dl>
<dt>code</dt><dd><code id="code">${code}</code> (valid 60 seconds, usable once)</dd>
<dt>country</dt><dd><code id="country">${country}</code> (${country === 'pt' ? 'Variant B' : country === 'de' ? 'Variant A' : 'unknown variant'}: use the ${country} client and API reference)</dd>
<dt>state</dt><dd><code id="state">${q.get('state') ?? '(none)'}</code> (check it is the value you sent)</dd>
</dl>
<p>Exchange the code for tokens now (the demo client's credentials; <code>redirect_uri</code> must be this page's address):</p>
<pre><code id="token-request">${curl}</code></pre>`,
        '48rem',
      ),
      200,
      HEADERS,
    );
  });
}
