import { afterAll, describe, expect, it } from 'vitest';
import { BASE, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());
const get = (path: string) => sb.fetch(new Request(`${BASE}${path}`));

describe('GET /docs', () => {
  it('serves Scalar from the package over both bundles, with no external asset', async () => {
    for (const v of ['de', 'pt'] as const) {
      const res = await get(`/docs?variant=${v}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<script src="/docs/scalar.js"></script>');
      expect(html).toContain('"url":"/docs/de.json"');
      expect(html).toContain('"url":"/docs/pt.json"');
      // The requested variant is the first source, the one Scalar opens.
      expect(html.indexOf(`"slug":"${v}"`)).toBeLessThan(
        html.indexOf(`"slug":"${v === 'de' ? 'pt' : 'de'}"`),
      );
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

  it('/docs/guide lists the payment method ids the sandbox accepts (DECISIONS B27)', async () => {
    const html = await (await get('/docs/guide')).text();
    for (const symbol of ['BANK_TRANSFER', 'CASH', 'CREDIT_DEBIT', 'CHEQUE']) expect(html).toContain(symbol);
    expect(html).toMatch(/<td>1<\/td><td>Überweisung<\/td><td>Transferência bancária<\/td>/);
  });
});
