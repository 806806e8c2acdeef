import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, DEMO_USERS } from '../src/index.js';
import { BASE, call, type Json, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());
const get = (path: string) => sb.fetch(new Request(`${BASE}${path}`));

/** The object the page passes to Scalar.createApiReference. */
async function scalarConfig(): Promise<Json> {
  const html = await (await get('/docs')).text();
  const json = /acctkitDocs\.withRequestSigning\((\{.*\}), \{"signingSecret":"([^"]+)"\}\)/.exec(html);
  expect(json?.[2]).toBe(DEMO_CLIENT.signingSecret);
  return JSON.parse(json?.[1] ?? '{}');
}

describe('GET /docs', () => {
  it('Authorize uses the demo client, its token endpoint and its callback page on this sandbox', async () => {
    const config = await scalarConfig();
    expect(config.authentication.securitySchemes.oauth2.flows.authorizationCode).toEqual({
      'x-scalar-client-id': DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      'x-scalar-redirect-uri': `${BASE}/oauth2/callback`,
      'x-scalar-credentials-location': 'body',
      'x-usePkce': 'no',
    });
    expect(config.authentication.securitySchemes.oauth2['x-default-scopes']).toEqual(['full_access']);
    for (const v of ['de', 'pt'] as const) {
      const doc = await (await get(`/docs/${v}.json`)).json();
      expect(doc.servers).toEqual([{ url: BASE, description: 'This acctkit sandbox' }]);
      expect(doc.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({
        authorizationUrl: `${BASE}/oauth2/auth`,
        tokenUrl: `${BASE}/oauth2/token`,
        refreshUrl: `${BASE}/oauth2/token`,
      });
    }
  });

  it('turns off everything that calls outside the machine: agent, MCP, telemetry, fonts, generated clients', async () => {
    const config = await scalarConfig();
    for (const source of config.sources) expect(source.agent).toEqual({ disabled: true });
    expect(config.sources.map((s: { hiddenClients: boolean }) => s.hiddenClients)).toEqual([
      true,
      true,
      false,
    ]);
    expect(config).toMatchObject({
      mcp: { disabled: true },
      telemetry: false,
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
    });
    expect(config.proxyUrl).toBeUndefined();
  });

  it('every signed operation has samples that compute the signature, never a fixed X-Signature', async () => {
    for (const v of ['de', 'pt'] as const) {
      const doc = await (await get(`/docs/${v}.json`)).json();
      let signed = 0;
      for (const [path, item] of Object.entries<Json>(doc.paths))
        for (const [method, op] of Object.entries<Json>(item)) {
          if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
          const security: Record<string, unknown>[] = op.security ?? doc.security;
          if (!security.some((s) => 'signature' in s)) {
            expect(op['x-codeSamples']).toBeUndefined();
            continue;
          }
          signed++;
          const [shell, js] = op['x-codeSamples'];
          expect(shell.label).toBe('acctkit sign --curl');
          expect(shell.source).toContain(`acctkit sign ${method.toUpperCase()} \\`);
          expect(shell.source).toContain('--curl | sh');
          expect(shell.source).toContain('HMAC-SHA1');
          expect(js.source).toContain('import { createSignedFetch');
          const secret = path.startsWith('/test/') ? 'TestSigningSecret' : DEMO_CLIENT.signingSecret;
          expect(shell.source).toContain(`--signing-secret '${secret}'`);
          expect(JSON.stringify(op['x-codeSamples'])).not.toMatch(/YOUR_SECRET_TOKEN|\{id\}|\{dataPath\}/);
        }
      expect(signed).toBeGreaterThan(30);
      // The sample's body is one the sandbox accepts, signed as the sample says.
      const createContact: string = doc.paths['/accounts/v2/contacts'].post['x-codeSamples'][0].source;
      expect(createContact).toContain(`'${BASE}/accounts/v2/contacts'`);
      const body = /--body '([^']+)'/.exec(createContact)?.[1];
      expect(body).toBe('contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Example');
      const created = await call(sb, await mintToken(sb, v), 'POST', '/accounts/v2/contacts', { body });
      expect(created.status).toBe(201);
    }
  });

  it('serves Scalar from the package over both bundles and the admin API, with no external asset', async () => {
    for (const v of ['de', 'pt', 'admin'] as const) {
      const res = await get(`/docs?variant=${v}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<script src="/docs/scalar.js"></script>');
      expect(html).toContain('<script src="/docs/request-signer.js"></script>');
      for (const doc of ['de', 'pt', 'admin']) expect(html).toContain(`"url":"/docs/${doc}.json"`);
      // The requested document is the first source, the one Scalar opens.
      const slugs = [...html.matchAll(/"slug":"(\w+)"/g)].map((m) => m[1]);
      expect(slugs[0]).toBe(v);
      expect(html).not.toMatch(/(src|href)="https?:/);
      expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
      const json = await (await get(`/docs/${v}.json`)).json();
      expect(json.openapi).toMatch(/^3\.1/);
    }
    const js = await get('/docs/scalar.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await js.text()).length).toBeGreaterThan(1_000_000);
  });

  it('/docs/guide explains the OAuth flow, the four signing steps with the published worked example, and /test', async () => {
    const res = await get('/docs/guide');
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/&amp;/g, '&');
    // evidence.md: the worked example published with the API.
    expect(html).toContain(
      'config_setting=foo&contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My%20Customer',
    );
    expect(html).toContain(
      'POST&https%3A%2F%2Fapi.example.test%2Faccounts%2Fv2%2Fcontacts&config_setting%3Dfoo%26contact%255Bcontact_type_id%255D%3D1%26contact%255Bname%255D%3DMy%2520Customer&d6657d14f6d3d9de453ff4b0dc686c6d',
    );
    for (const text of [
      '/oauth2/auth',
      '/oauth2/token',
      'Signing key',
      'TestSigningSecret',
      '/test/accounts/v2/contacts',
      'refresh_token',
    ])
      expect(html).toContain(text);
    expect(html).toContain(`${BASE}/oauth2/callback`);
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!sandbox\.test)/);
  });

  it('/docs/guide lists the demo logins and says they are printed by npm start or acctkit-sandbox', async () => {
    const html = await (await get('/docs/guide')).text();
    expect(html).toContain('<h3 id="demo-logins">Demo logins</h3>');
    expect(html).toMatch(
      /printed when the sandbox starts \(by <code>npm start<\/code> .* <code>acctkit-sandbox<\/code>\)/,
    );
    expect(html).not.toContain('printed by <code>acctkit-sandbox</code> at start');
    for (const user of DEMO_USERS)
      expect(html).toContain(`<td><code>${user.email}</code></td><td><code>${user.password}</code></td>`);
  });

  it('/docs/guide lists the payment method ids the sandbox accepts (DECISIONS B27)', async () => {
    const html = await (await get('/docs/guide')).text();
    for (const symbol of ['BANK_TRANSFER', 'CASH', 'CREDIT_DEBIT', 'CHEQUE']) expect(html).toContain(symbol);
    expect(html).toMatch(/<td>1<\/td><td>Überweisung<\/td><td>Transferência bancária<\/td>/);
  });
});
