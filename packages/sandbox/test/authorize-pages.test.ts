import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../src/index.js';
import { BASE, callJson, testSandbox } from './helpers.js';
import { SpecValidator } from './spec-validator.js';

const sb = testSandbox();
afterAll(() => sb.close());
const redirect = DEMO_CLIENT.redirectUris[0];
const authUrl = (extra: Record<string, string> = {}) =>
  `${BASE}/oauth2/auth?${new URLSearchParams({ response_type: 'code', client_id: DEMO_CLIENT.clientId, redirect_uri: redirect, scope: 'full_access', state: 's-123', ...extra })}`;

class Browser {
  cookies = new Map<string, string>();
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await sb.fetch(new Request(url, { ...init, headers, redirect: 'manual' }));
    for (const sc of res.headers.getSetCookie()) {
      const [pair] = sc.split(';');
      const [k, v] = (pair as string).split('=');
      this.cookies.set(k as string, v as string);
    }
    return res;
  }
  async post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.go(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  }
}
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';

async function signIn(b: Browser, email: string, password: string, lang = 'en'): Promise<string> {
  const login = await (await b.go(`${authUrl()}&lang=${lang}`)).text();
  const res = await b.post(`${BASE}/oauth2/auth/login?lang=${lang}`, {
    q: hidden(login, 'q'),
    csrf: hidden(login, 'csrf'),
    email,
    password,
  });
  expect(res.status).toBe(303);
  return (await b.go(new URL(res.headers.get('location') as string, BASE).toString())).text();
}

describe('GET /oauth2/auth pages', () => {
  it('authorize: the sign-in page says demo logins are printed by npm start or acctkit-sandbox, and links the guide', async () => {
    for (const lang of ['en', 'de', 'pt']) {
      const html = await (await sb.fetch(new Request(`${authUrl()}&lang=${lang}`))).text();
      expect(html).toMatch(/npm start .* acctkit-sandbox/);
      expect(html).toContain('<a href="/docs/guide#demo-logins">');
      expect(html).not.toContain('README');
    }
  });

  it('authorize: the login page is HTML, localised, self-contained, with HttpOnly SameSite cookies', async () => {
    for (const [lang, word] of [
      ['de', 'Anmelden'],
      ['pt', 'Iniciar sessão'],
      ['en', 'Sign in'],
    ] as const) {
      const res = await sb.fetch(new Request(authUrl(), { headers: { 'Accept-Language': `${lang};q=0.9` } }));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(word);
      expect(html).toMatch(/<label for="email">/);
      expect(html).not.toMatch(/(src|href)="https?:/);
      expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
    }
  });

  it('authorize, receiveAuthorizationResult: sign in, choose the pt business, approve → code, country, state; the code buys tokens for pt', async () => {
    const b = new Browser();
    const consent = await signIn(b, 'both@demo.acctkit.test', 'sandbox-both');
    expect(consent).toContain('Schneider Werbetechnik GmbH');
    expect(consent).toContain('Ferreira &amp; Costa Design');
    const res = await b.post(`${BASE}/oauth2/auth/decision`, {
      q: hidden(consent, 'q'),
      csrf: hidden(consent, 'csrf'),
      business_id: '2',
      decision: 'approve',
    });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location') as string);
    expect(`${loc.origin}${loc.pathname}`).toBe(redirect);
    expect(loc.searchParams.get('country')).toBe('pt');
    expect(loc.searchParams.get('state')).toBe('s-123');
    const token = await sb.fetch(
      new Request(`${BASE}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: DEMO_CLIENT.clientId,
          client_secret: DEMO_CLIENT.clientSecret,
          code: loc.searchParams.get('code') as string,
          redirect_uri: redirect,
        }),
      }),
    );
    const t = await token.json();
    const contact = await callJson(
      sb,
      { accessToken: t.access_token, signingSecret: DEMO_CLIENT.signingSecret },
      'GET',
      '/accounts/v2/contacts?$itemsPerPage=1',
    );
    expect(contact.body.$resources[0]).toHaveProperty('withholding_tax');
  });

  it('authorize: deny redirects with access_denied and state (RFC 6749 §4.1.2.1)', async () => {
    const b = new Browser();
    const consent = await signIn(b, 'anna@demo.acctkit.test', 'sandbox-de', 'de');
    expect(consent).toContain('Erlauben');
    const res = await b.post(`${BASE}/oauth2/auth/decision`, {
      q: hidden(consent, 'q'),
      csrf: hidden(consent, 'csrf'),
      business_id: '1',
      decision: 'deny',
    });
    const loc = new URL(res.headers.get('location') as string);
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('state')).toBe('s-123');
  });

  it('authorize: wrong password is 401 with an alert; a missing CSRF token is 403; a business not owned is refused', async () => {
    const b = new Browser();
    const login = await (await b.go(authUrl())).text();
    const bad = await b.post(`${BASE}/oauth2/auth/login`, {
      q: hidden(login, 'q'),
      csrf: hidden(login, 'csrf'),
      email: 'anna@demo.acctkit.test',
      password: 'nope',
    });
    expect(bad.status).toBe(401);
    expect(await bad.text()).toContain('role="alert"');
    const consent = await signIn(b, 'anna@demo.acctkit.test', 'sandbox-de');
    expect(
      (
        await b.post(`${BASE}/oauth2/auth/decision`, {
          q: hidden(consent, 'q'),
          csrf: 'forged',
          business_id: '1',
          decision: 'approve',
        })
      ).status,
    ).toBe(403);
    const notOwned = await b.post(`${BASE}/oauth2/auth/decision`, {
      q: hidden(consent, 'q'),
      csrf: hidden(consent, 'csrf'),
      business_id: '2',
      decision: 'approve',
    });
    expect(new URL(notOwned.headers.get('location') as string).searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it.each([
    ['unknown client_id', { client_id: 'nobody' }],
    ['unregistered redirect_uri', { redirect_uri: 'https://evil.example/cb' }],
  ])('authorize: %s gets a 400 error page, never a redirect', async (_n, extra) => {
    const res = await sb.fetch(new Request(authUrl(extra), { redirect: 'manual' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it.each([
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['unknown scope', { scope: 'admin' }, 'invalid_scope'],
  ])('authorize: %s redirects with %s', async (_n, extra, error) => {
    const res = await sb.fetch(new Request(authUrl(extra), { redirect: 'manual' }));
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location') as string);
    expect(loc.searchParams.get('error')).toBe(error);
    expect(loc.searchParams.get('state')).toBe('s-123');
  });

  it('authorize: statuses are the documented ones (200, 302, 400) in both bundles', async () => {
    for (const v of ['de', 'pt'] as const) {
      const validator = new SpecValidator(v);
      expect(validator.check('authorize', 200, '<html>')).toBeNull();
      expect(validator.check('authorize', 302, undefined)).toBeNull();
      expect(validator.check('authorize', 400, '<html>')).toBeNull();
    }
  });
});
