import { sign, TEST_SIGNING_SECRET } from '@acctkit/signer';
import { html } from 'hono/html';
import { page } from './authorize-text.js';
import { DEMO_CLIENT, DEMO_USERS, demoAuthorizeUrl } from './demo-accounts.js';
import { referenceData } from './reference-data.js';

const EXAMPLE = {
  method: 'POST',
  url: 'https://api.example.test/accounts/v2/contacts?config_setting=foo',
  body: 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My%20Customer',
  nonce: 'd6657d14f6d3d9de453ff4b0dc686c6d',
} as const;

/**
 * `GET /docs/guide`: the OAuth flow with the demo logins, the four signing steps with the worked
 * example published with the API, how to use `/test`, the bank statement export of the admin API,
 * and the payment method ids.
 */
export async function guidePage(origin: string): Promise<string> {
  const s = await sign(EXAMPLE, { signingSecret: TEST_SIGNING_SECRET, accessToken: 'TestToken' });
  const pm = referenceData('de').paymentMethods;
  const pmPt = referenceData('pt').paymentMethods;
  const authorize = demoAuthorizeUrl(origin);
  const body = html`<h1>Authentication and request signing</h1>
<p><a href="/docs">API reference</a> · two layers protect every data call: an OAuth 2.0 access token and a per-request HMAC-SHA1 signature. The signature is not a static API key: it is computed for each request from its method, URL, body and a fresh nonce.</p>

<h2 id="oauth">1. Get an access token (OAuth 2.0 authorization code)</h2>
<ol>
<li>Send the user's browser to <code>/oauth2/auth</code> with <code>response_type=code</code>, <code>client_id</code>, <code>redirect_uri</code>, <code>scope</code> (<code>full_access</code> or <code>readonly</code>) and an unguessable <code>state</code>. Try it with the demo client: <a href="${authorize}">${authorize}</a>, and sign in with one of the <a href="#demo-logins">demo logins</a>.</li>
<li>After the user approves, the browser comes back to <code>redirect_uri</code> with <code>code</code> (valid 60 seconds), <code>country</code> (<code>de</code> selects Variant A, <code>pt</code> Variant B) and <code>state</code>. Check that <code>state</code> is the value you sent. The demo client may use <code>${origin}/oauth2/callback</code>, a page of this sandbox that shows the code and the token request to make, or any loopback URI such as <code>http://127.0.0.1:&lt;any port&gt;/callback</code> (RFC 8252 §7.3).</li>
<li>Exchange the code: <code>POST /oauth2/token</code>, form-encoded, with <code>grant_type=authorization_code</code>, <code>client_id</code>, <code>client_secret</code>, <code>code</code> and the same <code>redirect_uri</code>. The response has <code>access_token</code>, <code>refresh_token</code>, <code>expires_in</code> (3600), <code>scope</code> and <code>token_type</code>.</li>
<li>Before the access token expires, send <code>grant_type=refresh_token</code> with the refresh token: you get a new pair; the old one stops working.</li>
</ol>

<h3 id="demo-logins">Demo logins</h3>
<p>Public demo data of this sandbox, also printed when the sandbox starts (by <code>npm start</code> in the acctkit repository or by <code>acctkit-sandbox</code>):</p>
<table><thead><tr><th>E-mail</th><th>Password</th><th>Businesses</th></tr></thead><tbody>
${DEMO_USERS.map((u) => html`<tr><td><code>${u.email}</code></td><td><code>${u.password}</code></td><td>${u.owns.map((v) => (v === 'de' ? 'Variant A (de)' : 'Variant B (pt)')).join(', ')}</td></tr>`)}
</tbody></table>
<p>The demo client is <code>${DEMO_CLIENT.clientId}</code> with the client secret <code>${DEMO_CLIENT.clientSecret}</code> and the signing secret <code>${DEMO_CLIENT.signingSecret}</code>. In the <a href="/docs">API reference</a>, Authorize runs this flow in a pop-up window and Test Request signs each call in your browser.</p>

<h2 id="signing">2. Sign every data request</h2>
<p>Every call under <code>/core</code> and <code>/accounts</code> carries <code>Authorization: Bearer &lt;access token&gt;</code>, <code>X-Nonce</code> and <code>X-Signature</code>. The four steps:</p>
<ol>
<li><strong>Base string</strong>: four items, each percent-encoded (RFC 3986, upper-case hex), joined with <code>&amp;</code>: the method in upper case; the base URL (scheme and host lower case, no default port, no query); the parameter string (every query and body pair, each key and value percent-encoded, sorted, joined with <code>&amp;</code>); the nonce.</li>
<li><strong>Signing key</strong>: <code>&lt;signing secret&gt;&amp;&lt;access token&gt;</code>.</li>
<li><strong>Signature</strong>: base64 of HMAC-SHA1(signing key, base string).</li>
<li><strong>Headers</strong>: the signature in <code>X-Signature</code>, the nonce (raw) in <code>X-Nonce</code>; a nonce is accepted once.</li>
</ol>
<h3>The worked example published with the API</h3>
<p><code>${EXAMPLE.method} ${EXAMPLE.url}</code> with the form body <code>contact[contact_type_id]=1</code>, <code>contact[name]=My Customer</code> and the nonce <code>${EXAMPLE.nonce}</code>:</p>
<dl>
<dt>Parameter string</dt><dd><pre id="example-parameter-string"><code>${s.parameterString}</code></pre></dd>
<dt>Base string</dt><dd><pre id="example-base-string"><code>${s.baseString}</code></pre></dd>
<dt>Signature with signing secret <code>${TEST_SIGNING_SECRET}</code> and token <code>TestToken</code> (the published example redacts its key, so this value is ours)</dt><dd><pre id="example-signature"><code>${s.signature}</code></pre></dd>
</dl>

<h2 id="test">3. Check your signer against <code>/test</code></h2>
<p>Prefix any data path with <code>/test</code> and sign the request with the signing secret <code>${TEST_SIGNING_SECRET}</code> and any token (the URL you sign includes <code>/test</code>). A match answers 200 <code>{"success":true}</code>; a mismatch answers 400 with the sandbox's own result of every step (<code>base_url</code>, <code>parameter_string</code>, <code>signature_base_string</code>, <code>signing_key</code>, <code>signature</code>, …) so you can find the first step where yours differs. <code>/test</code> reads and changes no data and never uses your real token or secret.</p>
<pre><code>curl -i -X POST '${origin}/test/accounts/v2/contacts?config_setting=foo' \\
  -H 'Authorization: Bearer TestToken' -H 'X-Nonce: &lt;nonce&gt;' -H 'X-Signature: &lt;signature&gt;' \\
  -H 'Content-Type: application/x-www-form-urlencoded' \\
  --data 'contact%5Bcontact_type_id%5D=1&amp;contact%5Bname%5D=My%20Customer'</code></pre>

<h2 id="statements">4. Bank statements for reconciliation (admin API)</h2>
<p>With the admin token, <code>GET /_sandbox/statements</code> exports the statement of a bank account of a business as its bank would: one line per expense paid from the account and per income paid into it in the period, at the record's gross amount and date, with the contact's name and account and the record's reference as end-to-end id and remittance, plus three lines the books lack (a customer's advance payment, a card purchase, the bank's fee). The same request gives the same bytes; the balances add up. Parameters: <code>business</code> (<code>de</code>, <code>pt</code> or an id), <code>bank_account</code> (an account with an IBAN), <code>from</code> and <code>to</code> (<code>YYYY-MM-DD</code>, a year at most) and <code>format</code>: <code>camt053</code> (CAMT.053 XML, the default), <code>mt940</code> (German MT940, UTF-8) or <code>csv</code>. A wrong parameter is 400 with <code>parameter</code> naming it. Read the file with <code>parseStatement</code> of <code>@acctkit/reconcile</code> and match it with <code>reconcileStatement</code>, or give it to the MCP server's <code>reconcile_statement</code>. See <a href="/docs?variant=admin">the admin API reference</a>.</p>
<pre><code>curl -OJ -H 'Authorization: Bearer &lt;admin token&gt;' \\
  '${origin}/_sandbox/statements?business=de&amp;bank_account=1&amp;from=2025-03-01&amp;to=2025-03-31&amp;format=mt940'</code></pre>

<h2 id="payment-methods">Payment method ids</h2>
<p><code>payment_method_id</code> of incomes (both variants) and Variant B expenses takes one of these ids (DECISIONS B27):</p>
<table><thead><tr><th>id</th><th>Variant A (de)</th><th>Variant B (pt)</th><th>symbol</th></tr></thead><tbody>
${pm.map((p) => html`<tr><td>${p.id}</td><td>${p.name}</td><td>${pmPt.find((q) => q.id === p.id)?.name ?? ''}</td><td><code>${p.$symbol}</code></td></tr>`)}
</tbody></table>`;
  return String(await page('en', 'Authentication and request signing', body, '56rem'));
}
