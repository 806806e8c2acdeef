// The OAuth authorization code flow in a real browser: Debian Chromium driven by playwright-core
// (no browser download), against the sandbox on a real port. The registered redirect URI
// (http://localhost:3000/callback) is intercepted with page.route, so nothing listens there.

import {
  approveSandboxConsent,
  type LaunchedChromium,
  launchChromium,
  signInToSandbox,
} from '@acctkit/testing/browser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, type RunningServer, startServer } from '../src/index.js';
import { ADMIN, callJson, type Json } from './helpers.js';

const REDIRECT = DEMO_CLIENT.redirectUris[0];
const SCREENSHOT = '/tmp/acctkit-sandbox-consent.png';

let server: RunningServer;
let chromium: LaunchedChromium;

beforeAll(async () => {
  server = await startServer({ port: 0, database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0 });
  chromium = await launchChromium();
}, 30_000);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

const authUrl = (extra: Record<string, string> = {}): string =>
  `${server.url}/oauth2/auth?${new URLSearchParams({
    response_type: 'code',
    client_id: DEMO_CLIENT.clientId,
    redirect_uri: REDIRECT,
    scope: 'full_access',
    state: 'st-1',
    ...extra,
  })}`;

/** A fresh browser context with every requested URL recorded and the callback URL intercepted. */
async function openPage(locale = 'en-GB'): Promise<{
  context: BrowserContext;
  page: Page;
  requested: string[];
  callbacks: URL[];
}> {
  const context = await chromium.newContext({ locale });
  const page = await context.newPage();
  const requested: string[] = [];
  const callbacks: URL[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.route(`${REDIRECT}**`, (route) => {
    callbacks.push(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback reached' });
  });
  return { context, page, requested, callbacks };
}

async function post(path: string, body: Record<string, string>): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return { status: res.status, json: await res.json() };
}

const exchange = (code: string) =>
  post('/oauth2/token', {
    grant_type: 'authorization_code',
    client_id: DEMO_CLIENT.clientId,
    client_secret: DEMO_CLIENT.clientSecret,
    code,
    redirect_uri: REDIRECT,
  });

/** Every request went to the sandbox itself (or to the intercepted callback): no external asset. */
function expectOnlySandbox(requested: string[]): void {
  const origin = new URL(server.url).origin;
  for (const u of requested) {
    if (u.startsWith(REDIRECT)) continue;
    expect(new URL(u).origin, u).toBe(origin);
  }
}

/** One h1 inside the main landmark, and every visible form control has a label. */
async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('main h1').count()).resolves.toBe(1);
  const unlabelled = await page.$$eval('input:not([type=hidden]), select, textarea', (els) =>
    els.filter((el) => (el as HTMLInputElement).labels?.length === 0).map((el) => el.outerHTML),
  );
  expect(unlabelled).toEqual([]);
}

async function advanceClock(seconds: number): Promise<void> {
  const res = await fetch(`${server.url}/_sandbox/clock`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  expect(res.status).toBe(200);
}

describe('OAuth authorization in Chromium', () => {
  it('authorize, requestToken: sign in, choose a business, consent, approve → code, country and state; the code buys a token that signs a data call', async () => {
    const { context, page, requested, callbacks } = await openPage();
    await page.goto(authUrl());
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Sign in/);
    await expectAccessible(page);
    await signInToSandbox(page, { email: 'both@demo.acctkit.test', password: 'sandbox-both' });
    const session = (await context.cookies()).find((k) => k.name === 'acctkit_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // Consent: app name, requested scope, and the chooser for the user who owns both businesses.
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Allow access?');
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain(DEMO_CLIENT.name);
    expect(main).toContain('full_access');
    const group = page.getByRole('group', { name: 'Business' });
    await expect(group.getByRole('radio').count()).resolves.toBe(2);
    await group.getByRole('radio', { name: /Ferreira & Costa Design/ }).check();
    await expectAccessible(page);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${REDIRECT}**`);
    expect(callbacks).toHaveLength(1);
    const cb = callbacks[0] as URL;
    expect(`${cb.origin}${cb.pathname}`).toBe(REDIRECT);
    expect(cb.searchParams.get('country')).toBe('pt');
    expect(cb.searchParams.get('state')).toBe('st-1');
    const code = cb.searchParams.get('code') as string;
    expect(code).toMatch(/^[0-9a-f]{40}$/);

    const token = await exchange(code);
    expect(token.status).toBe(200);
    expect(token.json).toMatchObject({ token_type: 'Bearer', scope: 'full_access', expires_in: 3600 });
    const sb = server.sandbox;
    const me = await callJson(
      sb,
      { accessToken: token.json.access_token, signingSecret: DEMO_CLIENT.signingSecret },
      'GET',
      '/core/v2/business',
    );
    expect(me.status).toBe(200);
    expect(me.body.name).toContain('Ferreira & Costa Design');
    expectOnlySandbox(requested);
    await context.close();
  });

  it('authorize: deny redirects with error=access_denied and the state', async () => {
    const { context, page, callbacks } = await openPage();
    await page.goto(authUrl({ state: 'deny-me' }));
    await signInToSandbox(page, { email: 'anna@demo.acctkit.test', password: 'sandbox-de' });
    // One business: it is preselected.
    await expect(page.getByRole('radio', { name: /Schneider Werbetechnik/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${REDIRECT}**`);
    const cb = callbacks[0] as URL;
    expect(cb.searchParams.get('error')).toBe('access_denied');
    expect(cb.searchParams.get('state')).toBe('deny-me');
    expect(cb.searchParams.get('code')).toBeNull();
    await context.close();
  });

  it('authorize: state is echoed byte for byte, so a client can detect a mismatch; codes expire after 60 s (invalid_grant)', async () => {
    const sent = 'a+b/c=d&e f%20ü~\u{1F511}';
    const { context, page, callbacks } = await openPage();
    await page.goto(authUrl({ state: sent }));
    await approveSandboxConsent(page, {
      email: 'anna@demo.acctkit.test',
      password: 'sandbox-de',
      redirectUri: REDIRECT,
    });
    const cb = callbacks[0] as URL;
    const echoed = cb.searchParams.get('state');
    expect(echoed).toBe(sent);
    // A client that kept another state value sees the difference and must drop the response.
    expect(echoed).not.toBe('a b/c=d&e f%20ü~\u{1F511}');
    expect(cb.searchParams.get('country')).toBe('de');

    await advanceClock(61);
    try {
      const late = await exchange(cb.searchParams.get('code') as string);
      expect(late.status).toBe(400);
      expect(late.json.error).toBe('invalid_grant');
    } finally {
      await advanceClock(-61);
    }
    await context.close();
  });

  it('authorize: an unknown client_id gets an error page and no redirect', async () => {
    const { context, page, requested, callbacks } = await openPage();
    const res = await page.goto(authUrl({ client_id: 'nobody-knows-me' }));
    expect(res?.status()).toBe(400);
    expect(new URL(page.url()).pathname).toBe('/oauth2/auth');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/client_id/);
    expect(callbacks).toHaveLength(0);
    expectOnlySandbox(requested);
    await context.close();
  });

  it('authorize: the pages speak German by Accept-Language and Portuguese by ?lang=pt', async () => {
    const de = await openPage('de-DE');
    await de.page.goto(authUrl());
    expect(await de.page.getAttribute('html', 'lang')).toBe('de');
    await expect(de.page.getByRole('button', { name: 'Anmelden' }).isVisible()).resolves.toBe(true);
    await expect(de.page.getByLabel('Passwort').isVisible()).resolves.toBe(true);
    await signInToSandbox(de.page, { email: 'anna@demo.acctkit.test', password: 'sandbox-de' });
    await expect(de.page.getByRole('button', { name: 'Erlauben' }).isVisible()).resolves.toBe(true);
    await expect(de.page.getByRole('button', { name: 'Ablehnen' }).isVisible()).resolves.toBe(true);
    await de.page.goto(authUrl({ client_id: 'nobody-knows-me' }));
    await expect(de.page.getByRole('alert').textContent()).resolves.toContain('nicht registriert');
    expectOnlySandbox(de.requested);
    await de.context.close();

    const pt = await openPage('en-GB');
    await pt.page.goto(`${authUrl()}&lang=pt`);
    expect(await pt.page.getAttribute('html', 'lang')).toBe('pt');
    await expect(pt.page.getByLabel('Palavra-passe').isVisible()).resolves.toBe(true);
    await signInToSandbox(pt.page, { email: 'joao@demo.acctkit.test', password: 'sandbox-pt' });
    await expect(pt.page.getByRole('button', { name: 'Permitir' }).isVisible()).resolves.toBe(true);
    expect(await pt.page.locator('main').textContent()).toContain('Ler e alterar');
    expectOnlySandbox(pt.requested);
    await pt.context.close();
  });
});
