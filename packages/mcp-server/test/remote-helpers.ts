import { DEMO_CLIENT, type RunningServer, startServer } from '@acctkit/sandbox';
import { Client, type ClientCapabilities, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  type RemoteServerOptions,
  type RunningRemoteServer,
  startRemoteServer,
} from '../src/remote/node/index.js';
import { base64url, pkceChallenge, randomToken } from '../src/remote/secrets.js';

export const ADMIN = 'remote-test-admin';

/** A remote server under test: on Node (a real port) or under workerd (its `dispatchFetch`). */
export interface Target {
  readonly url: string;
  readonly mcpUrl: string;
  readonly fetch?: ((input: string | URL, init?: RequestInit) => Promise<Response>) | undefined;
}

const send = (remote: Target, input: string | URL, init?: RequestInit): Promise<Response> =>
  (remote.fetch ?? fetch)(input, init);

/** A sandbox of the service on a real port, with the admin API. */
export function startSandbox(options: { accessTokenTtlSeconds?: number } = {}): Promise<RunningServer> {
  return startServer({ port: 0, database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0, ...options });
}

/** A fresh 32-byte key ring entry. */
export function testKey(id = 'k1'): { id: string; key: Uint8Array } {
  return { id, key: crypto.getRandomValues(new Uint8Array(32)) };
}

/** The remote server in front of a sandbox, on a real port, SQLite in memory unless given. */
export function startRemote(
  sandbox: RunningServer,
  options: Partial<RemoteServerOptions> = {},
): Promise<RunningRemoteServer> {
  return startRemoteServer({
    upstream: {
      baseUrl: sandbox.url,
      authUrl: sandbox.url,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      signingSecret: DEMO_CLIENT.signingSecret,
      userAgent: 'acctkit-mcp-remote-test',
    },
    encryptionKeys: [testKey()],
    port: 0,
    database: ':memory:',
    ...options,
  });
}

/** Calls the sandbox's admin API. */
export async function sandboxAdmin(
  sandbox: RunningServer,
  path: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A minimal cookie jar for `fetch` with `redirect: 'manual'`. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, eq);
      const value = (pair ?? '').slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A PKCE pair. */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await pkceChallenge(verifier) };
}

/** Registers a client by DCR. */
export async function register(
  remote: Target,
  redirectUris: string[] = ['http://127.0.0.1:9/cb'],
  name = 'Test MCP Client',
): Promise<string> {
  const res = await send(remote, `${remote.url}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** The authorization request URL of an MCP client. */
export function authorizeUrl(
  remote: Target,
  params: {
    clientId: string;
    redirectUri: string;
    challenge?: string;
    state?: string;
    scope?: string;
    resource?: string;
  },
): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    code_challenge_method: 'S256',
    state: params.state ?? randomToken('', 8),
    scope: params.scope ?? 'full_access',
    resource: params.resource ?? remote.mcpUrl,
  });
  if (params.challenge !== undefined) q.set('code_challenge', params.challenge);
  return `${remote.url}/authorize?${q}`;
}

/** Reads the hidden fields of the consent form. */
export function consentFields(page: string): { request: string; csrf: string } {
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
  return { request: field('request'), csrf: field('csrf') };
}

export interface Authorized {
  readonly clientId: string;
  readonly code: string;
  readonly verifier: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly jar: CookieJar;
}

/**
 * Runs the authorization flow over HTTP without a browser: consent approved by posting the form, the
 * service's sign-in replaced by a code from its admin API (`/_sandbox/codes`), then our callback.
 */
export async function authorizeWithoutBrowser(
  remote: Target,
  sandbox: RunningServer,
  options: { clientId?: string; jar?: CookieJar; business?: 'de' | 'pt'; scope?: string } = {},
): Promise<Authorized> {
  const redirectUri = 'http://127.0.0.1:9/cb';
  const clientId = options.clientId ?? (await register(remote, [redirectUri]));
  const jar = options.jar ?? new CookieJar();
  const { verifier, challenge } = await pkce();
  const state = randomToken('', 8);
  let res = await send(
    remote,
    authorizeUrl(remote, { clientId, redirectUri, challenge, state, scope: options.scope ?? 'full_access' }),
    {
      redirect: 'manual',
      headers: { Cookie: jar.header() },
    },
  );
  jar.take(res);
  if (res.status === 200) {
    const { request, csrf } = consentFields(await res.text());
    res = await send(remote, `${remote.url}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: jar.header(),
        Origin: remote.url,
      },
      body: new URLSearchParams({
        request,
        csrf,
        decision: 'approve',
        scope: options.scope ?? 'full_access',
      }),
    });
    jar.take(res);
  }
  if (res.status !== 302) throw new Error(`authorize: ${res.status} ${await res.text()}`);
  const upstream = new URL(res.headers.get('location') ?? '');
  const upstreamState = upstream.searchParams.get('state') ?? '';
  const minted = await sandboxAdmin(sandbox, 'codes', {
    client_id: DEMO_CLIENT.clientId,
    redirect_uri: upstream.searchParams.get('redirect_uri'),
    business: options.business ?? 'de',
    scope: upstream.searchParams.get('scope'),
    state: upstreamState,
  });
  const callback = new URL(`${remote.url}/callback`);
  callback.search = new URLSearchParams({
    code: String(minted.code),
    country: String(minted.country),
    state: upstreamState,
  }).toString();
  res = await send(remote, callback, { redirect: 'manual', headers: { Cookie: jar.header() } });
  jar.take(res);
  if (res.status !== 302) throw new Error(`callback: ${res.status} ${await res.text()}`);
  const back = new URL(res.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`callback redirected without a code: ${back}`);
  return { clientId, code, verifier, redirectUri, state: back.searchParams.get('state') ?? '', jar };
}

/** Posts to the token endpoint. */
export async function tokenRequest(
  remote: Target,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await send(remote, `${remote.url}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Exchanges an authorization for tokens. */
export async function exchange(remote: Target, a: Authorized) {
  return tokenRequest(remote, {
    grant_type: 'authorization_code',
    client_id: a.clientId,
    code: a.code,
    code_verifier: a.verifier,
    redirect_uri: a.redirectUri,
    resource: remote.mcpUrl,
  });
}

/** Trades a refresh token for a new pair, as `clientId`. */
export async function refresh(remote: Target, clientId: string, refreshToken: unknown) {
  return tokenRequest(remote, {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: String(refreshToken),
  });
}

/** One JSON-RPC request to `/mcp`; the server is stateless, so a request needs no prior initialize. */
export async function mcpPost(
  remote: Target,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(remote, remote.mcpUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Protocol-Version': '2025-11-25',
      ...(token && { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

/** The protocol versions the remote server speaks. */
export type ProtocolVersion = '2026-07-28' | '2025-11-25';

/** The SDK's client on `/mcp` with a bearer token, pinned to one protocol version. */
export async function remoteClient(
  remote: Target,
  token: string,
  options: { version?: ProtocolVersion; capabilities?: ClientCapabilities } = {},
): Promise<Client> {
  const version = options.version ?? '2026-07-28';
  const client = new Client(
    { name: 'remote-test', version: '1.0.0' },
    {
      capabilities: options.capabilities ?? {},
      versionNegotiation: { mode: version === '2026-07-28' ? { pin: version } : 'legacy' },
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(remote.mcpUrl), {
      ...(remote.fetch && { fetch: remote.fetch }),
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}
