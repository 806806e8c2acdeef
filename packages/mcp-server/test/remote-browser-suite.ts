// The end-to-end suite of the remote MCP server, as a user meets it, shared by the Node and the
// Workers builds: the MCP SDK's own client and OAuth client provider discover the authorization server
// from the 401, register (DCR, or a Client ID Metadata Document), and the consent pages (ours, then the
// service's sign-in and consent) are approved in Debian Chromium; then tools/list and a tool call
// against the sandbox, a refresh with rotation, and a revocation at the service that ends in a clean
// re-authorization error.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_USERS, type RunningServer } from '@acctkit/sandbox';
import { approveSandboxConsent, type LaunchedChromium, launchChromium } from '@acctkit/testing/browser';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAdmin, type Target } from './remote-helpers.js';

/** An in-memory OAuth client provider, as an MCP client app keeps one per server. */
export class TestProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly history: OAuthTokens[] = [];
  constructor(
    readonly redirectUrl: string,
    preRegistered?: OAuthClientInformationMixed,
  ) {
    this.info = preRegistered;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Remote Test Client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
    this.history.push(tokens);
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.info = undefined;
  }
}

/** The MCP client's side: the CIMD client's metadata document and the redirect page of both clients. */
export async function startClientDocs(): Promise<{ url: string; close(): Promise<void> }> {
  let url = '';
  const docs: Server = createServer((req, res) => {
    if (req.url?.startsWith('/callback')) {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('You can close this window.');
      return;
    }
    if (req.url !== '/client.json') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        client_id: `${url}/client.json`,
        client_name: 'Metadata Document Client',
        redirect_uris: [`${url}/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => docs.close(() => r())) };
}

/** What a runtime gives the suite. */
export interface BrowserSuiteEnv {
  readonly sandbox: RunningServer;
  readonly remote: Target;
  /** The client-side docs server (CIMD document, redirect page). */
  readonly docsUrl: string;
  /** Makes the issued access tokens expire (a clock, or waiting out a short lifetime). */
  expireAccessTokens(): Promise<void>;
  /** Routes the browser context to the remote when it listens on no port (workerd via dispatchFetch). */
  routeContext?(context: BrowserContext): Promise<void>;
}

/** Registers the end-to-end tests; `env()` is ready once the caller's beforeAll has run. */
export function browserSuite(name: string, env: () => BrowserSuiteEnv): void {
  let chromium: LaunchedChromium;

  async function newContext(): Promise<BrowserContext> {
    const context = await chromium.newContext();
    await env().routeContext?.(context);
    return context;
  }

  /**
   * Approves in the browser: our consent page (unless remembered), the sandbox's sign-in (unless
   * signed in) and consent; returns what is delivered to the MCP client's redirect URI (code, state,
   * and the issuer the client checks).
   */
  async function approveInBrowser(
    context: BrowserContext,
    url: URL,
    redirectUrl: string,
  ): Promise<URLSearchParams> {
    const { remote, sandbox } = env();
    const page = await context.newPage();
    await page.goto(url.href);
    if (new URL(page.url()).origin === remote.url) {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Allow .* to use/);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.origin === sandbox.url);
    }
    const user = DEMO_USERS[0];
    const delivered = await approveSandboxConsent(page, {
      email: user.email,
      password: user.password,
      redirectUri: redirectUrl,
    });
    await page.close();
    if (!delivered.searchParams.get('code')) throw new Error(`no code delivered: ${delivered}`);
    return delivered.searchParams;
  }

  const transportFor = (provider: TestProvider) => {
    const { remote } = env();
    return new StreamableHTTPClientTransport(new URL(remote.mcpUrl), {
      authProvider: provider,
      ...(remote.fetch && { fetch: remote.fetch }),
    });
  };

  async function connect(provider: TestProvider): Promise<Client> {
    const client = new Client({ name: 'remote-test', version: '1.0.0' });
    await client.connect(transportFor(provider));
    return client;
  }

  async function signInThroughSdk(provider: TestProvider, context: BrowserContext): Promise<Client> {
    const transport = transportFor(provider);
    const first = new Client({ name: 'remote-test', version: '1.0.0' });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.origin).toBe(env().remote.url);
    const delivered = await approveInBrowser(context, provider.authorizationUrl as URL, provider.redirectUrl);
    await transport.finishAuth(delivered);
    return connect(provider);
  }

  describe(name, () => {
    // Inside the suite: a run filtered to other tests of the file (-t) starts no browser.
    beforeAll(async () => {
      chromium = await launchChromium();
    }, 30_000);
    afterAll(async () => {
      await chromium?.close();
    });

    it('DCR client: discovery, consent, sign-in, tools, refresh with rotation, revocation → re-authorization', async () => {
      const context = await newContext();
      const provider = new TestProvider(`${env().docsUrl}/callback`);
      const client = await signInThroughSdk(provider, context);
      expect(provider.info?.client_id).toMatch(/^mcpc_/);

      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('list_contacts');
      const listed = await client.callTool({ name: 'list_contacts', arguments: { limit: 3 } });
      expect(listed.isError).toBeFalsy();
      expect((listed.structuredContent as { items: unknown[] }).items).toHaveLength(3);

      // The access token expires; the SDK refreshes, and the refresh token rotates.
      const before = provider.saved as OAuthTokens;
      await env().expireAccessTokens();
      const again = await client.callTool({ name: 'list_contacts', arguments: { limit: 1 } });
      expect(again.isError).toBeFalsy();
      const after = provider.saved as OAuthTokens;
      expect(after.access_token).not.toBe(before.access_token);
      expect(after.refresh_token).not.toBe(before.refresh_token);

      // The user removes the app at the service: the next call asks the client to authorize again.
      await sandboxAdmin(env().sandbox, 'revoke', { business: 'de' });
      provider.authorizationUrl = undefined;
      await expect(
        client.callTool({ name: 'list_contacts', arguments: { limit: 1 } }),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      const reauthorize = provider.authorizationUrl as URL | undefined;
      expect(reauthorize?.pathname).toBe('/authorize');

      // Signing in again skips our consent page (remembered for this client) and works.
      const delivered = await approveInBrowser(context, reauthorize as URL, provider.redirectUrl);
      const transport = transportFor(provider);
      await transport.finishAuth(delivered);
      const back = await connect(provider);
      expect((await back.callTool({ name: 'list_contacts', arguments: { limit: 1 } })).isError).toBeFalsy();
      await client.close();
      await back.close();
      await context.close();
    }, 60_000);

    it('Client ID Metadata Document client: its URL is the client id, fetched by the server', async () => {
      const context = await newContext();
      const { docsUrl } = env();
      const provider = new TestProvider(`${docsUrl}/callback`, { client_id: `${docsUrl}/client.json` });
      const client = await signInThroughSdk(provider, context);
      expect(provider.info?.client_id).toBe(`${docsUrl}/client.json`);
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(5);
      await client.close();
      await context.close();
    }, 60_000);
  });
}
