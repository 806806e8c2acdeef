/**
 * The business owner's connect flow end to end on the sandbox's real pages: the admin asks for a
 * link, the owner follows it to the consent page, signs in and approves, the service redirects to the
 * proxy's callback, and the proxy stores the connection under the link's name; a key for it then works.
 */
import { createSandbox, DEMO_CLIENT, DEMO_USERS, type Sandbox } from '@acctkit/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, createProxy } from '../src/index.js';
import { Browser, location } from './helpers/browser.js';

const ADMIN = 'connect-flow-admin-token';
const SERVICE = 'https://api.sandbox.test';
const redirectUri = 'http://localhost:8080/callback';
let sandbox: Sandbox;
let app: ReturnType<typeof createProxy>;
const admin = async (method: string, path: string, body?: unknown, token = ADMIN): Promise<Response> =>
  app.request(`/_proxy/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeEach(() => {
  sandbox = createSandbox({ database: ':memory:', rateLimitPerMinute: 0 });
  app = createProxy({
    upstream: {
      baseUrl: SERVICE,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: DEMO_CLIENT.signingSecret,
    },
    storage: createMemoryStorage(),
    adminToken: ADMIN,
    fetch: (request) => sandbox.fetch(request),
    connect: { publicUrl: 'http://localhost:8080', redirectUri },
  });
});
afterEach(() => sandbox.close());

describe('/connect: the OAuth flow for a business owner', () => {
  it('link → consent page → approve → callback: the business is connected under the link name', async () => {
    const link = (await (await admin('POST', 'connect-links', { connection: 'acme' })).json()) as {
      url: string;
    };
    expect(link.url.startsWith('http://localhost:8080/connect?ticket=')).toBe(true);
    const start = await app.request(link.url);
    expect(start.status).toBe(302);
    const authUrl = location(start, link.url);
    expect(authUrl.startsWith(`${SERVICE}/oauth2/auth?`)).toBe(true);
    expect(new URL(authUrl).searchParams.get('redirect_uri')).toBe(redirectUri);

    const browser = new Browser((request) => sandbox.fetch(request));
    const signInPage = await browser.open(authUrl);
    const user = DEMO_USERS.find((u) => u.email === 'anna@demo.acctkit.test');
    if (!user) throw new Error('no demo user');
    const signedIn = await browser.submit(authUrl, await signInPage.text(), {
      email: user.email,
      password: user.password,
    });
    const consentUrl = location(signedIn, authUrl);
    const consent = await browser.open(consentUrl);
    const approved = await browser.submit(consentUrl, await consent.text(), { decision: 'approve' });
    const callback = location(approved, consentUrl);
    expect(callback.startsWith(`${redirectUri}?`)).toBe(true);

    const done = await app.request(callback);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('as &#34;acme&#34;');
    const listed = (await (await admin('GET', 'connections')).json()) as {
      connections: { id: string; variant: string }[];
    };
    expect(listed.connections).toEqual([expect.objectContaining({ id: 'acme', variant: 'de' })]);

    const { key } = (await (await admin('POST', 'keys', { connection: 'acme', scope: 'read' })).json()) as {
      key: string;
    };
    const business = await app.request('/core/v2/business', { headers: { Authorization: `Bearer ${key}` } });
    expect(business.status).toBe(200);
    expect(((await business.json()) as { country: { code: string } }).country.code).toBe('DE');
    // The same callback again: the code is single-use, nothing is replaced.
    expect((await app.request(callback)).status).toBe(502);
  });

  it('a tampered or missing ticket is refused, and links need the admin token', async () => {
    const link = (await (await admin('POST', 'connect-links', { connection: 'acme' })).json()) as {
      url: string;
    };
    const ticket = new URL(link.url).searchParams.get('ticket') ?? '';
    const forged = ticket.replace(/^acme\./, 'other.');
    expect((await app.request(`/connect?ticket=${encodeURIComponent(forged)}`)).status).toBe(403);
    expect((await app.request('/connect')).status).toBe(403);
    expect(
      (await app.request(`/callback?code=x&country=de&state=${encodeURIComponent(forged)}`)).status,
    ).toBe(403);
    expect((await admin('POST', 'connect-links', { connection: 'acme' }, 'not-the-admin-token')).status).toBe(
      401,
    );
    expect((await admin('GET', 'connections')).status).toBe(200);
    expect(
      ((await (await admin('GET', 'connections')).json()) as { connections: unknown[] }).connections,
    ).toEqual([]);
  });
});
