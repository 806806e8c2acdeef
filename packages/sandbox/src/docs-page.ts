import type { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { adminDocument } from './admin-document.js';
import type { Html } from './authorize-text.js';
import { DEMO_CLIENT } from './demo-accounts.js';
import { REQUEST_SIGNER_JS } from './generated/request-signer.js';
import { guidePage } from './guide-page.js';
import { referenceDocument } from './reference-document.js';
import type { SandboxEnv } from './sandbox-env.js';
import { readScalarBundle, SCALAR_BUNDLE_FILE, SCALAR_MISSING_MESSAGE } from './scalar-bundle.js';
import type { Variant } from './variant.js';

/** The documents of the reference: the two variants of the service and the sandbox's admin API. */
type DocsSource = Variant | 'admin';
const TITLES: Record<DocsSource, string> = {
  de: 'Variant A (de)',
  pt: 'Variant B (pt)',
  admin: 'Sandbox admin API',
};

function documentJson(source: DocsSource, origin: string): string {
  if (source !== 'admin') return JSON.stringify(referenceDocument(source, origin));
  return JSON.stringify({
    ...adminDocument(),
    servers: [{ url: origin, description: 'This acctkit sandbox' }],
  });
}

const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'self' blob:; frame-ancestors 'none'";

// Scalar links to itself under the sidebar; the reference keeps the user on this machine.
const CUSTOM_CSS = 'a[href*="scalar.com"]{display:none !important}';

/**
 * The Scalar configuration: the three documents as sources (a document switch), the demo client in
 * the Authorize panel (its redirect URI is the sandbox's callback page, which Scalar's pop-up reads
 * on the same origin), no generated client code for the service (the documents' `x-codeSamples`
 * compute the signature), and nothing that calls a service outside the machine: no agent, MCP, telemetry,
 * proxy or external fonts.
 */
function scalarConfig(first: DocsSource, origin: string): string {
  const order: DocsSource[] = [first, ...(['de', 'pt', 'admin'] as const).filter((s) => s !== first)];
  return JSON.stringify({
    sources: order.map((s) => ({
      title: TITLES[s],
      slug: s,
      url: `/docs/${s}.json`,
      agent: { disabled: true },
      // Generated clients would send a fixed X-Signature; the admin API's static bearer token they show right.
      hiddenClients: s !== 'admin',
    })),
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    showDeveloperTools: 'never',
    showOperationId: true,
    mcp: { disabled: true },
    defaultOpenAllTags: false,
    customCss: CUSTOM_CSS,
    authentication: {
      preferredSecurityScheme: [['oauth2', 'signature', 'nonce']],
      securitySchemes: {
        oauth2: {
          'x-default-scopes': ['full_access'],
          flows: {
            authorizationCode: {
              'x-scalar-client-id': DEMO_CLIENT.clientId,
              clientSecret: DEMO_CLIENT.clientSecret,
              'x-scalar-redirect-uri': `${origin}/oauth2/callback`,
              'x-scalar-credentials-location': 'body',
              'x-usePkce': 'no',
            },
          },
        },
        testToken: { token: 'TestToken' },
      },
    },
  });
}

function referencePage(first: DocsSource, origin: string): Html {
  // JSON inside <script>: `<` is escaped so that no value can close the element; raw() keeps the quotes.
  const json = (value: string) => raw(value.replace(/</g, '\\u003c'));
  const config = json(scalarConfig(first, origin));
  const signer = json(JSON.stringify({ signingSecret: DEMO_CLIENT.signingSecret }));
  return docsShell(html`<div id="app"></div>
<script src="/docs/scalar.js"></script>
<script src="/docs/request-signer.js"></script>
<script>Scalar.createApiReference('#app', acctkitDocs.withRequestSigning(${config}, ${signer}));</script>`);
}

// The guide and the documents still work without Scalar: the page says what is wrong and keeps its links.
function missingScalarPage(): Html {
  return docsShell(
    html`<main class="acctkit-missing" role="alert"><h1>The API reference cannot be shown</h1><p>${SCALAR_MISSING_MESSAGE}</p></main>`,
  );
}

function docsShell(body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Accounting service API reference (acctkit sandbox)</title>
<style>.acctkit-missing{font:16px/1.5 system-ui,sans-serif;margin:2rem}.acctkit-bar{font:14px/1.4 system-ui,sans-serif;padding:.5rem 1rem;background:#1b1f24;color:#fff}.acctkit-bar a{color:#9cf}.acctkit-bar>a{margin-right:1rem}.acctkit-bar p{margin:.25rem 0 0;color:#ccd}</style>
</head>
<body>
<nav class="acctkit-bar" aria-label="Sandbox documentation">
<a href="/docs/guide">Guide: authentication and request signing</a>
<a href="/docs/guide#statements">Bank statements (admin API)</a>
<a href="/docs?variant=de">Variant A (de)</a><a href="/docs?variant=pt">Variant B (pt)</a><a href="/docs?variant=admin">Sandbox admin API</a>
<a href="/docs/de.json">de.json</a><a href="/docs/pt.json">pt.json</a><a href="/docs/admin.json">admin.json</a>
<p>Authorize signs in on this sandbox as the demo app (<a href="/docs/guide#demo-logins">demo logins</a>); Test Request then signs every call in your browser with @acctkit/signer and the demo app's signing secret.</p>
</nav>
${body}
</body>
</html>`;
}

const SCRIPT_HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
};

/**
 * `GET /docs`: the API reference (Scalar's standalone bundle, vendored into the package's build: see
 * scalar-bundle.ts) over both variants and the admin API, with Authorize and a signing Test Request;
 * `/docs/guide`: authentication, signing and `/test`; `/docs/{de,pt,admin}.json`: the documents.
 * Without the bundle (a broken install, an unbuilt clone) `/docs` and `/docs/scalar.js` answer 500
 * with what to do.
 *
 * @param scalarFile where the bundle is; tests point it at a missing file.
 */
export function docsRoutes(app: Hono<SandboxEnv>, scalarFile: string = SCALAR_BUNDLE_FILE): void {
  app.get('/docs', (c) => {
    const headers = { 'Content-Security-Policy': DOCS_CSP };
    if (!readScalarBundle(scalarFile)) return c.html(missingScalarPage(), 500, headers);
    const q = c.req.query('variant');
    const first: DocsSource = q === 'pt' || q === 'admin' ? q : 'de';
    return c.html(referencePage(first, new URL(c.req.url).origin), 200, headers);
  });
  app.get('/docs/scalar.js', (c) => {
    const bundle = readScalarBundle(scalarFile);
    if (!bundle) return c.text(SCALAR_MISSING_MESSAGE, 500, { 'Cache-Control': 'no-store' });
    return c.body(bundle, 200, SCRIPT_HEADERS);
  });
  app.get('/docs/request-signer.js', (c) => c.body(REQUEST_SIGNER_JS, 200, SCRIPT_HEADERS));
  app.get('/docs/guide', async (c) =>
    c.html(await guidePage(new URL(c.req.url).origin), 200, {
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    }),
  );
  app.get('/docs/:file{(de|pt|admin)\\.json}', (c) => {
    const source = c.req.param('file').replace(/\.json$/, '') as DocsSource;
    return c.body(documentJson(source, new URL(c.req.url).origin), 200, {
      'Content-Type': 'application/json',
    });
  });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/', (c) => c.redirect('/docs', 302));
}
