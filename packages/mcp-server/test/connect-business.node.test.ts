/**
 * connect_business through the real server and the real sandbox: a server that starts with an empty
 * connection store lists connect_business, the sign-in runs on the sandbox's own pages (driven by a
 * fetch-only browser) and comes back to the loopback listener on 127.0.0.1, the connection lands in
 * the connection file of `acctkit login`, and the running server serves it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConnectionStore } from '@acctkit/client/node';
import { DEMO_CLIENT, DEMO_USERS, type Sandbox } from '@acctkit/sandbox';
import { FetchBrowser, redirectLocation } from '@acctkit/testing';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBusinessConnector } from '../src/connections/create-business-connector.js';
import { listTools } from '../src/index.js';
import { BASE, fails, mcpClient, ok, startSandbox } from './harness.js';

let sandbox: Sandbox;
let dir: string;
let env: Record<string, string>;
const opened: { close: () => Promise<void> }[] = [];

beforeAll(() => {
  ({ sandbox } = startSandbox());
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'acctkit-connect-'));
  env = {
    XDG_CONFIG_HOME: dir,
    ACCTKIT_CONNECTIONS_FILE: join(dir, 'connections.json'),
    ACCTKIT_BASE_URL: BASE,
    ACCTKIT_AUTH_URL: BASE,
    ACCTKIT_CLIENT_ID: DEMO_CLIENT.clientId,
    ACCTKIT_CLIENT_SECRET: DEMO_CLIENT.clientSecret,
    ACCTKIT_SIGNING_SECRET: DEMO_CLIENT.signingSecret,
  };
});
afterEach(async () => {
  for (const session of opened.splice(0)) await session.close();
  await rm(dir, { recursive: true, force: true });
});

const sandboxFetch = (request: Request): Promise<Response> => sandbox.fetch(request);

/** A server with no business and a connector to the sandbox; the client declares `capabilities`. */
async function emptyServer(
  capabilities: Parameters<typeof mcpClient>[1] = {},
  options: { readOnly?: boolean } = {},
): Promise<Client> {
  const session = await mcpClient(
    { connections: [], connector: createBusinessConnector({ env, fetch: sandboxFetch }), ...options },
    capabilities,
  );
  opened.push(session);
  return session.client;
}

/** Signs in as a demo user on the sandbox's pages and approves; returns where the sandbox sends the browser. */
async function approve(signInUrl: string, email = 'anna@demo.acctkit.test'): Promise<string> {
  const browser = new FetchBrowser(sandboxFetch);
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  const signIn = await browser.open(signInUrl);
  const signedIn = await browser.submit(signInUrl, await signIn.text(), {
    email: user.email,
    password: user.password,
  });
  const consentUrl = redirectLocation(signedIn, signInUrl);
  const consent = await browser.open(consentUrl);
  const approved = await browser.submit(consentUrl, await consent.text(), { decision: 'approve' });
  return redirectLocation(approved, consentUrl);
}

/** Follows the sandbox's redirect to the server's loopback listener, as the user's browser does. */
async function arrive(callback: string): Promise<Response> {
  expect(callback.startsWith('http://127.0.0.1:')).toBe(true);
  return fetch(callback);
}

/** Answers URL elicitations by signing in; resolves with each elicitation's URL as it arrives. */
function signInOnElicitation(client: Client, email?: string): { urls: string[] } {
  const seen = { urls: [] as string[] };
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params as { mode?: string; url?: string };
    expect(params.mode).toBe('url');
    seen.urls.push(params.url as string);
    // The user opens the page after the client answered "accept".
    setImmediate(() => void approve(params.url as string, email).then(arrive));
    return { action: 'accept' };
  });
  return seen;
}

function listChanged(client: Client): { count: number; next: Promise<void> } {
  const state = { count: 0, next: Promise.resolve() };
  let resolve = (): void => {};
  state.next = new Promise<void>((r) => {
    resolve = r;
  });
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    state.count += 1;
    resolve();
  });
  return state;
}

const URL_ELICITATION = { elicitation: { url: {} } };

describe('a server with no business', () => {
  it('lists connect_business and list_businesses only, says how to connect, and business tools say so too', async () => {
    const client = await emptyServer();
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(['list_businesses', 'connect_business']);
    expect(client.getInstructions()).toMatch(/connect_business/);
    expect(await ok(client, 'list_businesses')).toEqual({ items: [], totalCount: 0 });
    const failure = await fails(client, 'list_contacts');
    expect(failure.code).toBe('NOT_CONNECTED');
    expect(failure.message).toMatch(/connect_business/);
  });

  it('leaves connect_business out in read-only mode, and a catalogue without a connector never lists it', async () => {
    const client = await emptyServer({}, { readOnly: true });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['list_businesses']);
    expect(listTools().map((t) => t.name)).not.toContain('connect_business');
  });
});

describe('connect_business', () => {
  it('asks a URL-elicitation client to open the sandbox sign-in, stores the business and serves it', async () => {
    const client = await emptyServer(URL_ELICITATION);
    const seen = signInOnElicitation(client);
    const changed = listChanged(client);
    const result = await ok(client, 'connect_business', { scope: 'full_access' });
    expect(seen.urls).toHaveLength(1);
    const signIn = new URL(seen.urls[0] as string);
    expect(`${signIn.origin}${signIn.pathname}`).toBe(`${BASE}/oauth2/auth`);
    expect(signIn.searchParams.get('client_id')).toBe(DEMO_CLIENT.clientId);
    expect(signIn.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(result).toMatchObject({
      status: 'connected',
      business: { name: expect.stringMatching(/^de-\d+$/), variant: 'de', scope: 'full_access' },
    });
    const business = (result as { business: { name: string; business_name: string } }).business;
    await changed.next;
    expect(changed.count).toBe(1);
    // The business's tools are listed now, and list_businesses shows it.
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('list_contacts');
    expect(names).toContain('create_contact');
    const listed = await ok<{ items: { name: string }[] }>(client, 'list_businesses');
    expect(listed.items.map((i) => i.name)).toEqual([business.name]);
    const contacts = await ok<{ items: unknown[] }>(client, 'list_contacts', { limit: 1 });
    expect(Array.isArray(contacts.items)).toBe(true);
    // Stored where `acctkit login` stores it, so `acctkit connections` sees it.
    const stored = await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).list();
    expect(stored.map((c) => [c.name, c.businessName])).toEqual([[business.name, business.business_name]]);
    const file = await readFile(env.ACCTKIT_CONNECTIONS_FILE as string, 'utf8');
    expect(file).toContain(business.name);
    // The loopback listener is closed once the sign-in is done.
    await expect(fetch(signIn.searchParams.get('redirect_uri') as string)).rejects.toThrow();
  }, 60_000);

  it('gives a client without URL elicitation the link, and connects once the user signs in', async () => {
    const client = await emptyServer();
    const changed = listChanged(client);
    const result = await ok<{ status: string; sign_in_url: string }>(client, 'connect_business', {});
    expect(result.status).toBe('sign_in_required');
    expect(result.sign_in_url.startsWith(`${BASE}/oauth2/auth?`)).toBe(true);
    const page = await arrive(await approve(result.sign_in_url, 'joao@demo.acctkit.test'));
    expect(page.status).toBe(200);
    await changed.next;
    const listed = await ok<{ items: { name: string; variant: string }[] }>(client, 'list_businesses');
    expect(listed.items).toEqual([expect.objectContaining({ variant: 'pt' })]);
    expect(await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).list()).toHaveLength(1);
  }, 60_000);

  it('times out cleanly: a TIMEOUT failure, nothing stored, the port closed', async () => {
    const client = await emptyServer(URL_ELICITATION);
    let signInUrl: string | undefined;
    client.setRequestHandler('elicitation/create', async (request) => {
      signInUrl = (request.params as { url: string }).url;
      return { action: 'accept' };
    });
    const failure = await fails(client, 'connect_business', { timeout_seconds: 10 });
    expect(failure.code).toBe('TIMEOUT');
    expect(failure.message).toMatch(/Nothing was stored/);
    expect(await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).list()).toEqual([]);
    const redirectUri = new URL(signInUrl as string).searchParams.get('redirect_uri') as string;
    await expect(fetch(redirectUri)).rejects.toThrow();
  }, 60_000);

  it('refuses a timeout out of range, listing the field', async () => {
    const client = await emptyServer(URL_ELICITATION);
    for (const timeout_seconds of [0, 9, 901, 1.5, '300']) {
      const failure = await fails(client, 'connect_business', { timeout_seconds });
      expect(failure.code).toBe('INVALID_ARGUMENTS');
      expect(failure.fields?.map((f: { field: string }) => f.field)).toEqual(['timeout_seconds']);
    }
  });

  it('ends a cancelled call: nothing stored, the port closed', async () => {
    const client = await emptyServer(URL_ELICITATION);
    const controller = new AbortController();
    let signInUrl: string | undefined;
    client.setRequestHandler('elicitation/create', async (request) => {
      signInUrl = (request.params as { url: string }).url;
      setImmediate(() => controller.abort());
      return { action: 'accept' };
    });
    await expect(
      client.callTool({ name: 'connect_business', arguments: {} }, { signal: controller.signal }),
    ).rejects.toThrow();
    const redirectUri = new URL(signInUrl as string).searchParams.get('redirect_uri') as string;
    await expect
      .poll(() =>
        fetch(redirectUri).then(
          () => 'open',
          () => 'closed',
        ),
      )
      .toBe('closed');
    expect(await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).list()).toEqual([]);
  }, 60_000);

  it('two concurrent sign-ins of one business end with one connection', async () => {
    const client = await emptyServer(URL_ELICITATION);
    signInOnElicitation(client);
    const [a, b] = await Promise.all([
      ok<{ business: { name: string } }>(client, 'connect_business', {}),
      ok<{ business: { name: string } }>(client, 'connect_business', {}),
    ]);
    expect(a.business.name).toBe(b.business.name);
    expect(await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).list()).toHaveLength(1);
    const listed = await ok<{ items: unknown[] }>(client, 'list_businesses');
    expect(listed.items).toHaveLength(1);
  }, 60_000);

  it('is not offered by a server without a connector (the remote server, the sandbox)', async () => {
    const { connect } = await import('./harness.js');
    const session = await mcpClient({ connections: [await connect(sandbox, 'de')] });
    opened.push(session);
    expect((await session.client.listTools()).tools.map((t) => t.name)).not.toContain('connect_business');
    const failure = await fails(session.client, 'connect_business', {});
    expect(failure.code).toBe('NOT_AVAILABLE');
  });
});
