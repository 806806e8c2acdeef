/**
 * `@acctkit/mcp-server/remote` outside Node: the remote server's Hono app in every runtime of the
 * matrix (Node 20/22/24, Deno, Bun, workerd, Chromium), with the vault in memory, in front of the
 * sandbox on localhost, driven through `app.request()`. One client registers, is authorized (consent
 * posted as the form would be, the service's sign-in replaced by a code of its admin API), exchanges
 * the code with PKCE and lists and calls tools at `/mcp`. The attacks, limits and storage rules are
 * proven by the Node suites; this suite proves the entry loads and serves with Web APIs only.
 */

import { matrixSandbox } from '@acctkit/testing';
import { createMemoryStorage } from '@acctkit/token-vault';
import type { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRemoteApp, parseRemoteConfig, RemoteError } from '../src/remote/index.js';
import { type Minted, sandboxAdmin } from './helpers/matrix-connections.js';

// Never listened on: requests reach the app through app.request().
const PUBLIC_URL = 'http://127.0.0.1:8787';
const REDIRECT_URI = 'http://127.0.0.1:9/cb';

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

let app: Hono;
let upstreamClientId: string;

beforeAll(async () => {
  const sandbox = matrixSandbox();
  const demo = (await sandboxAdmin(sandbox, 'tokens', { business: 'de', scope: 'full_access' })) as Minted;
  upstreamClientId = demo.client_id;
  const config = parseRemoteConfig({
    ACCTKIT_MCP_PUBLIC_URL: PUBLIC_URL,
    ACCTKIT_BASE_URL: sandbox.url,
    ACCTKIT_CLIENT_ID: demo.client_id,
    ACCTKIT_CLIENT_SECRET: demo.client_secret,
    ACCTKIT_SIGNING_SECRET: demo.signing_secret,
    ACCTKIT_MCP_ENCRYPTION_KEYS: `k1:${base64url(crypto.getRandomValues(new Uint8Array(32)))}`,
  });
  app = createRemoteApp(config, createMemoryStorage());
});

/** The cookies a browser would keep between the authorization steps. */
const jar = new Map<string, string>();
function keep(response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (/max-age=0/i.test(line) || eq === pair.length - 1) jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}
const cookies = (): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await app.request(`${PUBLIC_URL}${path}`, { redirect: 'manual', ...init });
  keep(response);
  return response;
}

async function mcp(token: string, body: unknown): Promise<Response> {
  return send('/mcp', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify(body),
  });
}

/** The JSON-RPC answer of a response sent as JSON or as one SSE event. */
async function rpcResult(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('text/event-stream')
    ? (/^data: (.*)$/m.exec(text)?.[1] ?? '')
    : text;
  return JSON.parse(json) as Record<string, unknown>;
}

describe('createRemoteApp in this runtime', () => {
  it('refuses a configuration without its secrets with a coded error', () => {
    expect(() => parseRemoteConfig({ ACCTKIT_BASE_URL: 'https://api.example' })).toThrow(RemoteError);
  });

  it('publishes its protected resource metadata and asks for a token at /mcp', async () => {
    const metadata = await send('/.well-known/oauth-protected-resource/mcp');
    expect(metadata.status).toBe(200);
    expect(((await metadata.json()) as { resource: string }).resource).toBe(`${PUBLIC_URL}/mcp`);
    const anonymous = await send('/mcp', { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  // A browser drops the Cookie and Origin headers a script sets (forbidden header names), and the
  // consent form's CSRF check and the pending sign-in need both: the flow runs where a caller may send them.
  const headersSendable = new Request(PUBLIC_URL, { headers: { Cookie: 'a=b', Origin: PUBLIC_URL } }).headers;
  const canActAsBrowser = headersSendable.has('cookie') && headersSendable.has('origin');

  it.runIf(canActAsBrowser)(
    'registers a client, authorizes it and serves tools/list and a tool call with its token',
    async () => {
      const registered = await send('/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Matrix Client',
          redirect_uris: [REDIRECT_URI],
          token_endpoint_auth_method: 'none',
        }),
      });
      expect(registered.status).toBe(201);
      const { client_id: clientId } = (await registered.json()) as { client_id: string };

      const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
      const challenge = base64url(
        new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
      );
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'matrix-state',
        scope: 'full_access',
        resource: `${PUBLIC_URL}/mcp`,
      });
      const consent = await send(`/authorize?${query}`, { headers: { Cookie: cookies() } });
      expect(consent.status).toBe(200);
      const page = await consent.text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
      const approved = await send('/authorize', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: cookies(),
          Origin: PUBLIC_URL,
        },
        body: new URLSearchParams({
          request: field('request'),
          csrf: field('csrf'),
          decision: 'approve',
          scope: 'full_access',
        }),
      });
      expect(approved.status).toBe(302);
      const upstream = new URL(approved.headers.get('location') ?? '');

      const minted = (await sandboxAdmin(matrixSandbox(), 'codes', {
        client_id: upstreamClientId,
        redirect_uri: upstream.searchParams.get('redirect_uri'),
        business: 'de',
        scope: upstream.searchParams.get('scope'),
        state: upstream.searchParams.get('state'),
      })) as { code: string; country: string };
      const callback = new URLSearchParams({
        code: minted.code,
        country: minted.country,
        state: upstream.searchParams.get('state') ?? '',
      });
      const back = await send(`/callback?${callback}`, { headers: { Cookie: cookies() } });
      expect(back.status).toBe(302);
      const redirected = new URL(back.headers.get('location') ?? '');
      expect(redirected.searchParams.get('state')).toBe('matrix-state');

      const token = await send('/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code: redirected.searchParams.get('code') ?? '',
          code_verifier: verifier,
          redirect_uri: REDIRECT_URI,
          resource: `${PUBLIC_URL}/mcp`,
        }),
      });
      expect(token.status).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };

      const listed = await rpcResult(await mcp(accessToken, { jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      const tools = (listed.result as { tools: { name: string }[] }).tools.map((t) => t.name);
      expect(tools).toContain('list_contacts');

      const called = await rpcResult(
        await mcp(accessToken, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'list_contacts', arguments: { limit: 2 } },
        }),
      );
      const result = called.result as { isError?: boolean; structuredContent: { items: unknown[] } };
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent.items.length).toBeGreaterThan(0);
    },
  );
});
