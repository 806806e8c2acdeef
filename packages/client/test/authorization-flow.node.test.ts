/**
 * The whole authorization code flow against the sandbox's real pages (authorize,
 * receiveAuthorizationResult, requestToken, getBusiness): the URL from `authorizationUrl`, the
 * sign-in form, the business chooser and consent page with their CSRF tokens and session cookie (kept
 * by hand), the redirect back, `parseCallback`, `exchangeCode`, then a signed call with the tokens.
 */
import { DEMO_BUSINESS_IDS, DEMO_CLIENT, DEMO_USERS, type Sandbox } from '@acctkit/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Browser, location } from '../examples/browser.js';
import {
  authorizationUrl,
  createClient,
  createTokenManager,
  exchangeCode,
  OAuthError,
  parseCallback,
} from '../src/index.js';
import { BASE_URL, startSandbox } from './helpers/sandbox.js';

const redirectUri = DEMO_CLIENT.redirectUris[0];
let sandbox: Sandbox;
let browser: Browser;
const send = (request: Request): Promise<Response> => sandbox.fetch(request);

beforeEach(() => {
  sandbox = startSandbox();
  browser = new Browser(send);
});
afterEach(() => sandbox.close());

function demoUser(email: string): (typeof DEMO_USERS)[number] {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user;
}

/** Opens the authorization URL, signs in and lands on the consent page; returns its URL and HTML. */
async function signIn(url: string, email: string): Promise<{ consentUrl: string; html: string }> {
  const page = await browser.open(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toMatch(/name="password"/);
  const user = demoUser(email);
  const signedIn = await browser.submit(url, html, { email: user.email, password: user.password });
  const consentUrl = location(signedIn, url);
  const consent = await browser.open(consentUrl);
  expect(consent.status).toBe(200);
  return { consentUrl, html: await consent.text() };
}

describe('authorize → receiveAuthorizationResult → requestToken, on the real pages', () => {
  it('sign in, approve, follow the redirect, parseCallback, exchangeCode, then a signed getBusiness', async () => {
    const { url, state } = authorizationUrl({
      authUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      redirectUri,
      scope: 'full_access',
    });
    const { consentUrl, html } = await signIn(url, 'anna@demo.acctkit.test');
    expect(html).toMatch(/name="csrf"/);
    const approved = await browser.submit(consentUrl, html, { decision: 'approve' });
    expect(approved.status).toBe(302);
    const callbackUrl = location(approved, consentUrl);
    expect(callbackUrl.startsWith(`${redirectUri}?`)).toBe(true);

    const { code, variant } = parseCallback(callbackUrl, state);
    expect(variant).toBe('de');
    const tokens = createTokenManager({
      baseUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: DEMO_CLIENT.signingSecret,
      fetch: send,
    });
    const exchanged = await tokens.exchangeCode({ code, redirectUri });
    expect(exchanged.error).toBeUndefined();
    expect(exchanged.data?.scope).toBe('full_access');

    const api = createClient({
      variant,
      baseUrl: BASE_URL,
      tokens,
      userAgent: 'acctkit-tests/1.0',
      fetch: send,
    });
    // The variant is known only at runtime: narrow the client to its variant's types.
    if (api.variant !== 'de') throw new Error(`expected Variant A, got ${api.variant}`);
    const { data, response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(200);
    expect(data?.name).toBeTruthy();
    // The code is single-use: a second exchange is refused.
    const again = await exchangeCode({
      baseUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      code,
      redirectUri,
      fetch: send,
    });
    expect(again.error?.error).toBe('invalid_grant');
  });

  it('a user with two businesses chooses the pt one: the callback reports country pt, the client is Variant B', async () => {
    const { url, state } = authorizationUrl({
      authUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      redirectUri,
      scope: 'readonly',
    });
    const { consentUrl, html } = await signIn(url, 'both@demo.acctkit.test');
    expect(html).toMatch(new RegExp(`name="business_id" value="${DEMO_BUSINESS_IDS.pt}"`));
    const approved = await browser.submit(consentUrl, html, {
      business_id: String(DEMO_BUSINESS_IDS.pt),
      decision: 'approve',
    });
    const { code, country, variant } = parseCallback(location(approved, consentUrl), state);
    expect({ country, variant }).toEqual({ country: 'pt', variant: 'pt' });
    const { data, error } = await exchangeCode({
      baseUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      code,
      redirectUri,
      fetch: send,
    });
    expect(error).toBeUndefined();
    expect(data?.scope).toBe('readonly');
    const api = createClient({
      variant,
      baseUrl: BASE_URL,
      credentials: { accessToken: data?.access_token ?? '', signingSecret: DEMO_CLIENT.signingSecret },
      userAgent: 'acctkit-tests/1.0',
      fetch: send,
    });
    if (api.variant !== 'pt') throw new Error(`expected Variant B, got ${api.variant}`);
    const business = await api.GET('/core/v2/business');
    expect(business.response.status).toBe(200);
    // A readonly grant may read but not write.
    const write = await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Ann' } },
    });
    expect(write.response.status).toBe(403);
  });

  it('deny: the redirect carries error=access_denied and parseCallback throws OAuthError', async () => {
    const { url, state } = authorizationUrl({
      authUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      redirectUri,
    });
    const { consentUrl, html } = await signIn(url, 'joao@demo.acctkit.test');
    const denied = await browser.submit(consentUrl, html, { decision: 'deny' });
    const callbackUrl = location(denied, consentUrl);
    expect(new URL(callbackUrl).searchParams.get('code')).toBeNull();
    let err: unknown;
    try {
      parseCallback(callbackUrl, state);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OAuthError);
    expect(err).toMatchObject({ code: 'OAUTH_ERROR', error: 'access_denied' });
    // The state is checked first: the same denial for another session is a state mismatch.
    expect(() => parseCallback(callbackUrl, `${state}x`)).toThrow(/state/);
  });

  it('a wrong password shows the sign-in page again, with no redirect', async () => {
    const { url } = authorizationUrl({
      authUrl: BASE_URL,
      clientId: DEMO_CLIENT.clientId,
      redirectUri,
    });
    const page = await browser.open(url);
    const again = await browser.submit(url, await page.text(), {
      email: 'anna@demo.acctkit.test',
      password: 'not-the-password',
    });
    expect(again.status).toBe(401);
    expect(again.headers.get('Location')).toBeNull();
  });
});
