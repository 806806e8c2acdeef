// Trying the API from /docs as a person would, in Debian Chromium via playwright-core: Authorize with
// a demo login on the sandbox's own sign-in and consent pages, then "Test Request" on listContacts,
// signed in the browser. Every request the page makes is recorded: none may leave the sandbox.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedChromium, launchChromium, signInToSandbox } from '@acctkit/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, DEMO_USERS, type RunningServer, startServer } from '../src/index.js';

let server: RunningServer;
let chromium: LaunchedChromium;
const shots = mkdtempSync(join(tmpdir(), 'acctkit-docs-try-'));
const anna = DEMO_USERS[0];

beforeAll(async () => {
  server = await startServer({ port: 0, database: ':memory:' });
  chromium = await launchChromium();
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe('/docs in Chromium: Authorize, then Test Request', () => {
  it('signs in from /docs with a demo login, sends Test Request on listContacts and gets 200 with contacts', async () => {
    const context = await chromium.newContext({ viewport: { width: 1400, height: 1000 } });
    const requested: string[] = [];
    const errors: string[] = [];
    // The context sees the pop-up's requests too. Anything for another host is recorded, then refused.
    context.on('request', (r) => requested.push(r.url()));
    await context.route(
      (url) => url.origin !== server.url,
      (route) => route.abort(),
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const shot = async (name: string) => {
      const file = join(shots, name);
      await page.screenshot({ path: file });
      process.stdout.write(`docs screenshot: ${file}\n`);
    };

    await page.goto(`${server.url}/docs`);
    const authorize = page.getByRole('button', { name: 'Authorize', exact: true }).first();
    await authorize.waitFor({ timeout: 30_000 });
    expect(await page.getByText('Ask AI').count()).toBe(0);
    await shot('docs-authorize-panel.png');

    // Authorize opens the sandbox's own authorization page for the demo client, back to its callback page.
    const popupOpened = page.waitForEvent('popup');
    await authorize.click();
    const popup = await popupOpened;
    const auth = new URL(popup.url());
    expect(`${auth.origin}${auth.pathname}`).toBe(`${server.url}/oauth2/auth`);
    expect(auth.searchParams.get('client_id')).toBe(DEMO_CLIENT.clientId);
    expect(auth.searchParams.get('redirect_uri')).toBe(`${server.url}/oauth2/callback`);
    expect(auth.searchParams.get('scope')).toBe('full_access');
    await popup.locator('#email').waitFor();
    await popup.screenshot({ path: join(shots, 'docs-sign-in.png') });
    await signInToSandbox(popup, anna);
    // Scalar reads the code from the callback page (same origin), closes the pop-up and gets the tokens.
    const closed = popup.waitForEvent('close');
    const tokens = page.waitForResponse((r) => r.url() === `${server.url}/oauth2/token`);
    await popup.locator('button[name=decision][value=approve]').click();
    await closed;
    expect((await tokens).status()).toBe(200);
    await page.getByRole('button', { name: 'Refresh', exact: true }).first().waitFor();
    await shot('docs-authorized.png');

    await page.goto(`${server.url}/docs#de/tag/contacts/GET/accounts/v2/contacts`);
    await page.locator('button', { hasText: /Test Request\(get \/accounts\/v2\/contacts\)/ }).click();
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/accounts/v2/contacts');
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const response = await sent;
    const headers = response.request().headers();
    expect(headers.authorization).toMatch(/^Bearer [0-9a-f]+$/);
    expect(headers['x-signature']).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(headers['x-nonce']).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.$resources.length).toBeGreaterThan(0);
    await page.getByText('200 OK').first().waitFor();
    await page.getByText(body.$resources[0].name).first().waitFor();
    await shot('docs-test-request-200.png');

    // data: and blob: URLs are the page's own memory, not the network.
    const network = requested.filter((u) => !/^(data|blob):/.test(u));
    expect(network.filter((u) => !u.startsWith(`${server.url}/`))).toEqual([]);
    expect(requested).toContain(`${server.url}/oauth2/token`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
