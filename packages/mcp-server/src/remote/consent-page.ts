import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ClientRecord, Scope } from './grant-records.js';

/** Headers of every HTML page: no framing (clickjacking), no scripts, nothing cached. */
export const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  // same-origin: the consent form's POST then carries a real Origin (no-referrer would send `null`).
  'Referrer-Policy': 'same-origin',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}
dd{margin:0;word-break:break-all}button{font:inherit;padding:.5rem 1.2rem;margin-right:.5rem}
.warn{background:#fff4e5;padding:.6rem .8rem;border-radius:4px}fieldset{border:0;padding:0;margin:1rem 0}`;

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** What the consent page shows and posts back. */
export interface ConsentView {
  readonly client: ClientRecord;
  readonly redirectUri: string;
  readonly scope: Scope;
  /** The signed request blob and the CSRF nonce it carries. */
  readonly request: string;
  readonly csrf: string;
  readonly serviceName: string;
}

/**
 * The consent page: which MCP client asks (its name as it calls itself, its client id, where the
 * answer goes) and for what, before the user is sent to the service. Everything shown is escaped by
 * `hono/html`; the form posts back with a CSRF nonce also held in a SameSite cookie.
 */
export function consentPage(view: ConsentView): Html {
  const host = new URL(view.redirectUri).host || view.redirectUri;
  const name = view.client.clientName || 'An MCP client without a name';
  const how =
    view.client.kind === 'cimd'
      ? html`its metadata is published at <code>${view.client.clientId}</code>`
      : html`it registered itself with this server (client id <code>${view.client.clientId}</code>)`;
  return layout(
    'Allow access to your books?',
    html`<h1>Allow <q>${name}</q> to use your ${view.serviceName} account?</h1>
<p class="warn">The name above is what the client calls itself; ${how}. Continue only if you just added
this server to an MCP client you trust.</p>
<dl><dt>Client</dt><dd>${name}</dd><dt>Sends you back to</dt><dd>${host}</dd>
<dt>Asks for</dt><dd>${view.scope === 'full_access' ? 'Read and change your books' : 'Read your books only'}</dd></dl>
<form method="post" action="/authorize">
<input type="hidden" name="request" value="${view.request}">
<input type="hidden" name="csrf" value="${view.csrf}">
${
  view.scope === 'full_access'
    ? html`<fieldset><legend>Access</legend>
<label><input type="radio" name="scope" value="full_access" checked> Read and change</label><br>
<label><input type="radio" name="scope" value="readonly"> Read only</label></fieldset>`
    : html`<input type="hidden" name="scope" value="readonly">`
}
<p>Next, the service asks you to sign in and choose the business.</p>
<button type="submit" name="decision" value="approve">Continue</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`,
  );
}

/** An error page for requests that must not redirect (unknown client, unregistered redirect URI, …). */
export function errorPage(title: string, message: string): Html {
  return layout(title, html`<h1>${title}</h1><p>${message}</p>`);
}
