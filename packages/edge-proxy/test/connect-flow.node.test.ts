/**
 * The business owner's connect flow end to end on the sandbox's real pages: the admin asks for a
 * link, the owner follows it to the consent page, signs in and approves, the service redirects to the
 * proxy's callback, and the proxy stores the connection under the link's name; a key for it then works.
 */
import { createSandbox, DEMO_CLIENT, DEMO_USERS, type Sandbox } from '@acctkit/sandbox';
import { FetchBrowser, redirectLocation } from '@acctkit/testing';
import { createMemoryStorage, type MemoryStorage } from '@acctkit/token-vault';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProxy } from '../src/index.js';
import { storedTokens, TEST_ENCRYPTION_KEYS } from './helpers/proxy-fixture.js';

const ADMIN = 'connect-flow-admin-token';
const SERVICE = 'https://api.sandbox.test';
const redirectUri = 'http://localhost:8080/callback';
let sandbox: Sandbox;
let app: ReturnType<typeof createProxy>;
let storage: MemoryStorage;
/** A test's hold on the proxy's storage: it sees every call before the memory storage does. */
let storageHook: ((call: 'get' | 'set', key: string) => Promise<void>) | undefined;
/** Where the proxy's requests to the service go: the sandbox, unless a test holds some back. */
let upstream: (request: Request) => Promise<Response>;
const admin = async (method: string, path: string, body?: unknown, token = ADMIN): Promise<Response> =>
  app.request(`/_proxy/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeEach(() => {
  sandbox = createSandbox({ database: ':memory:', rateLimitPerMinute: 0 });
  storage = createMemoryStorage();
  storageHook = undefined;
  upstream = (request) => sandbox.fetch(request);
  app = createProxy({
    upstream: {
      baseUrl: SERVICE,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: DEMO_CLIENT.signingSecret,
    },
    storage: {
      async get(key) {
        await storageHook?.('get', key);
        return storage.get(key);
      },
      async set(key, value, options) {
        await storageHook?.('set', key);
        return storage.set(key, value, options);
      },
      delete: (key) => storage.delete(key),
    },
    encryptionKeys: TEST_ENCRYPTION_KEYS,
    adminToken: ADMIN,
    fetch: (request) => upstream(request),
    connect: { publicUrl: 'http://localhost:8080', redirectUri },
  });
});
afterEach(() => sandbox.close());

/** Makes a connect link at the admin API. */
async function connectLink(connection: string, extra: Record<string, unknown> = {}): Promise<Response> {
  return admin('POST', 'connect-links', { connection, ...extra });
}

/** Opens a connect link and signs in and approves as `email`; resolves to the callback URL the service sent back. */
async function signInThrough(linkUrl: string, email: string): Promise<string> {
  const start = await app.request(linkUrl);
  expect(start.status).toBe(302);
  const authUrl = redirectLocation(start, linkUrl);
  const browser = new FetchBrowser((request) => sandbox.fetch(request));
  const signInPage = await browser.open(authUrl);
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  const signedIn = await browser.submit(authUrl, await signInPage.text(), {
    email: user.email,
    password: user.password,
  });
  const consentUrl = redirectLocation(signedIn, authUrl);
  const consent = await browser.open(consentUrl);
  const approved = await browser.submit(consentUrl, await consent.text(), { decision: 'approve' });
  return redirectLocation(approved, consentUrl);
}

/** A read key of `connection` and the country of the business it reaches. */
async function countryThroughKey(key: string): Promise<string> {
  const business = await app.request('/core/v2/business', { headers: { Authorization: `Bearer ${key}` } });
  expect(business.status).toBe(200);
  return ((await business.json()) as { country: { code: string } }).country.code;
}

async function readKey(connection: string): Promise<string> {
  const r = await admin('POST', 'keys', { connection, scope: 'read' });
  expect(r.status).toBe(201);
  return ((await r.json()) as { key: string }).key;
}

describe('/connect: the OAuth flow for a business owner', () => {
  it('link → consent page → approve → callback: the business is connected under the link name', async () => {
    const link = (await (await connectLink('acme')).json()) as { url: string; single_use: boolean };
    expect(link.url.startsWith('http://localhost:8080/connect?ticket=')).toBe(true);
    expect(link.single_use).toBe(true);
    const start = await app.request(link.url);
    const authUrl = redirectLocation(start, link.url);
    expect(authUrl.startsWith(`${SERVICE}/oauth2/auth?`)).toBe(true);
    expect(new URL(authUrl).searchParams.get('redirect_uri')).toBe(redirectUri);

    const callback = await signInThrough(link.url, 'anna@demo.acctkit.test');
    expect(callback.startsWith(`${redirectUri}?`)).toBe(true);
    const done = await app.request(callback);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('as &quot;acme&quot;');
    const listed = (await (await admin('GET', 'connections')).json()) as {
      connections: { id: string; variant: string }[];
    };
    expect(listed.connections).toEqual([expect.objectContaining({ id: 'acme', variant: 'de' })]);
    expect(await countryThroughKey(await readKey('acme'))).toBe('DE');
    // The same callback again: the link was used up by the first one, nothing is replaced.
    const again = await app.request(callback);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('already been used');
  });

  it('a link works once: opening it again and signing in as another business changes nothing', async () => {
    const link = (await (await connectLink('acme')).json()) as { url: string };
    const first = await app.request(await signInThrough(link.url, 'anna@demo.acctkit.test'));
    expect(first.status).toBe(200);
    const key = await readKey('acme');
    expect(await countryThroughKey(key)).toBe('DE');

    // Second use of the same link: refused with a page before the service is even asked.
    const reopened = await app.request(link.url);
    expect(reopened.status).toBe(410);
    expect(reopened.headers.get('content-type')).toContain('text/html');
    expect(await reopened.text()).toContain('each link connects once');
    // A callback carrying the same state (a sign-in started before the first one finished) is refused too.
    const state = new URL(link.url).searchParams.get('ticket') ?? '';
    const replayed = await app.request(`${redirectUri}?code=anything&country=PT&state=${state}`);
    expect(replayed.status).toBe(410);
    expect(await countryThroughKey(key)).toBe('DE');
  });

  it('an existing connection is reconnected only with replace: true, and two links for one new name connect once', async () => {
    const first = (await (await connectLink('acme')).json()) as { url: string };
    const second = (await (await connectLink('acme')).json()) as { url: string };
    const callbackA = await signInThrough(first.url, 'anna@demo.acctkit.test');
    const callbackB = await signInThrough(second.url, 'joao@demo.acctkit.test');
    expect((await app.request(callbackA)).status).toBe(200);
    const refused = await app.request(callbackB);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Nothing was changed');
    const key = await readKey('acme');
    expect(await countryThroughKey(key)).toBe('DE');

    const conflict = await connectLink('acme');
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error_description: string }).error_description).toContain(
      '"replace": true',
    );
    expect((await connectLink('acme', { replace: 'yes' })).status).toBe(400);

    // The admin asked for it: the connection moves to the business that signs in, and its keys with it.
    const replace = (await (await connectLink('acme', { replace: true })).json()) as {
      url: string;
      replace: boolean;
    };
    expect(replace.replace).toBe(true);
    expect((await app.request(await signInThrough(replace.url, 'joao@demo.acctkit.test'))).status).toBe(200);
    expect(await countryThroughKey(key)).toBe('PT');
  });

  it('a tampered or missing ticket is refused, and links need the admin token', async () => {
    const link = (await (await connectLink('acme')).json()) as { url: string };
    const ticket = new URL(link.url).searchParams.get('ticket') ?? '';
    const forged = `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
    expect((await app.request(`/connect?ticket=${encodeURIComponent(forged)}`)).status).toBe(410);
    expect((await app.request('/connect')).status).toBe(410);
    expect(
      (await app.request(`${redirectUri}?code=x&country=de&state=${encodeURIComponent(forged)}`)).status,
    ).toBe(410);
    expect((await admin('POST', 'connect-links', { connection: 'acme' }, 'not-the-admin-token')).status).toBe(
      401,
    );
    expect(
      ((await (await admin('GET', 'connections')).json()) as { connections: unknown[] }).connections,
    ).toEqual([]);
    // The real ticket still works after all that.
    expect((await app.request(link.url)).status).toBe(302);
  });
});

/**
 * Holds the proxy's code exchanges at the service: each waits until the test lets it through, so two
 * callbacks are both past their checks before either stores anything.
 */
function holdCodeExchanges() {
  const waiting = new Map<string, () => void>();
  let arrived = (): void => {};
  const forward = upstream;
  upstream = async (request) => {
    const form = new URLSearchParams(await request.clone().text());
    const code = form.get('grant_type') === 'authorization_code' ? form.get('code') : null;
    if (code !== null) {
      await new Promise<void>((resolve) => {
        waiting.set(code, resolve);
        arrived();
      });
    }
    return forward(request);
  };
  return {
    /** Resolves once `count` exchanges are held. */
    async held(count: number): Promise<void> {
      while (waiting.size < count) await new Promise<void>((resolve) => (arrived = resolve));
    },
    /** Lets the exchange of the callback `url` through. */
    release(url: string): void {
      const code = new URL(url).searchParams.get('code') ?? '';
      waiting.get(code)?.();
    },
  };
}

describe('/connect: callbacks racing for one name', () => {
  it('two links for one new name, both callbacks past their checks: the first to store wins, the other gets a 409 page', async () => {
    const first = (await (await connectLink('acme')).json()) as { url: string };
    const second = (await (await connectLink('acme')).json()) as { url: string };
    const callbackA = await signInThrough(first.url, 'anna@demo.acctkit.test');
    const callbackB = await signInThrough(second.url, 'joao@demo.acctkit.test');
    const exchanges = holdCodeExchanges();
    const a = app.request(callbackA);
    const b = app.request(callbackB);
    await exchanges.held(2);
    // The later link finishes first: which one wins is the order of storing, not of the links.
    exchanges.release(callbackB);
    const won = await b;
    expect(won.status).toBe(200);
    exchanges.release(callbackA);
    const lost = await a;
    expect(lost.status).toBe(409);
    expect(lost.headers.get('content-type')).toContain('text/html');
    expect(await lost.text()).toContain('Another connect link connected &quot;acme&quot;');

    const listed = (await (await admin('GET', 'connections')).json()) as {
      connections: { id: string; variant: string }[];
    };
    expect(listed.connections).toEqual([expect.objectContaining({ id: 'acme', variant: 'pt' })]);
    expect((await storedTokens(storage, 'acme'))?.country).toBe('pt');
    expect(await countryThroughKey(await readKey('acme'))).toBe('PT');
  });

  it('two replace links for one connection: the first to store replaces it, the other is refused and changes nothing', async () => {
    const original = (await (await connectLink('acme')).json()) as { url: string };
    expect((await app.request(await signInThrough(original.url, 'anna@demo.acctkit.test'))).status).toBe(200);
    const key = await readKey('acme');
    const first = (await (await connectLink('acme', { replace: true })).json()) as { url: string };
    const second = (await (await connectLink('acme', { replace: true })).json()) as { url: string };
    const callbackA = await signInThrough(first.url, 'joao@demo.acctkit.test');
    const callbackB = await signInThrough(second.url, 'anna@demo.acctkit.test');
    const exchanges = holdCodeExchanges();
    const a = app.request(callbackA);
    const b = app.request(callbackB);
    await exchanges.held(2);
    exchanges.release(callbackA);
    expect((await a).status).toBe(200);
    const stored = await storedTokens(storage, 'acme');
    exchanges.release(callbackB);
    const lost = await b;
    expect(lost.status).toBe(409);
    expect(await lost.text()).toContain('Nothing was changed');

    expect(await storedTokens(storage, 'acme')).toEqual(stored);
    expect(stored?.country).toBe('pt');
    expect(await countryThroughKey(key)).toBe('PT');
  });

  it('a removal while a callback stores the connection waits for it: nothing is left half-stored', async () => {
    const link = (await (await connectLink('acme')).json()) as { url: string };
    const callback = await signInThrough(link.url, 'anna@demo.acctkit.test');
    // Hold the callback's write of the tokens; let through the moment the removal asks for the lock.
    let tokensHeld = (): void => {};
    let removalWaiting = (): void => {};
    const held = new Promise<void>((resolve) => (tokensHeld = resolve));
    const waiting = new Promise<void>((resolve) => (removalWaiting = resolve));
    let release = (): void => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    storageHook = async (call, key) => {
      if (call === 'set' && key === 'proxy:tokens:acme' && !holding) {
        holding = true;
        tokensHeld();
        await released;
      } else if (holding && call === 'get' && key === 'lock:proxy:conn:acme') removalWaiting();
    };
    const connecting = app.request(callback);
    await held;
    const removing = admin('DELETE', 'connections/acme');
    await waiting;
    release();

    expect((await connecting).status).toBe(200);
    // The removal ran after the whole connection was stored, so it found it and took all of it.
    expect((await removing).status).toBe(204);
    expect(
      ((await (await admin('GET', 'connections')).json()) as { connections: unknown[] }).connections,
    ).toEqual([]);
    expect(await storage.get('proxy:conn:acme')).toBeUndefined();
    expect(await storedTokens(storage, 'acme')).toBeUndefined();
  });
});
