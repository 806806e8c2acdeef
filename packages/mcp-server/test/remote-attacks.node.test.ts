import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@acctkit/sandbox';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedMetadataFetch, type RunningRemoteServer } from '../src/remote/node/index.js';
import {
  authorizeUrl,
  authorizeWithoutBrowser,
  CookieJar,
  consentFields,
  exchange,
  mcpPost,
  pkce,
  refresh,
  register,
  sandboxAdmin,
  startRemote,
  startSandbox,
  TOOLS_LIST,
  tokenRequest,
} from './remote-helpers.js';

let sandbox: RunningServer;
let remote: RunningRemoteServer;

beforeAll(async () => {
  sandbox = await startSandbox();
  // Many tests below register clients from one address: the registration limit has its own tests.
  remote = await startRemote(sandbox, { rateLimitPerMinute: 1000, registrationsPerMinute: 1000 });
});
afterAll(async () => {
  await remote?.close();
  await sandbox?.close();
});

const wwwAuthenticate = (res: Response) => res.headers.get('www-authenticate') ?? '';

describe('attacks that must fail', () => {
  it('refuses an authorization request without PKCE S256', async () => {
    const clientId = await register(remote);
    const res = await fetch(authorizeUrl(remote, { clientId, redirectUri: 'http://127.0.0.1:9/cb' }), {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    const plain = authorizeUrl(remote, {
      clientId,
      redirectUri: 'http://127.0.0.1:9/cb',
      challenge: 'x'.repeat(43),
    }).replace('code_challenge_method=S256', 'code_challenge_method=plain');
    const res2 = await fetch(plain, { redirect: 'manual' });
    expect(new URL(res2.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a missing or wrong PKCE verifier at the token endpoint', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const missing = await tokenRequest(remote, {
      grant_type: 'authorization_code',
      client_id: a.clientId,
      code: a.code,
      redirect_uri: a.redirectUri,
    });
    expect(missing).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const b = await authorizeWithoutBrowser(remote, sandbox);
    const wrong = await exchange(remote, { ...b, verifier: (await pkce()).verifier });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // A failed attempt does not consume the code (DECISIONS R26): the right verifier still gets tokens.
    expect((await exchange(remote, b)).status).toBe(200);
  });

  it('refuses a reused code and revokes the tokens the first use got', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = await exchange(remote, a);
    expect(first.status).toBe(200);
    const again = await exchange(remote, a);
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const res = await mcpPost(remote, String(first.body.access_token), TOOLS_LIST);
    expect(res.status).toBe(401);
    expect(wwwAuthenticate(res)).toContain('error="invalid_token"');
  });

  it('never redirects to a redirect URI the client did not register (error page instead)', async () => {
    const clientId = await register(remote, ['https://client.example/cb']);
    const { challenge } = await pkce();
    for (const redirectUri of [
      'https://evil.example/cb',
      'https://client.example/cb/../other',
      'http://127.0.0.1:9/cb',
    ]) {
      const res = await fetch(authorizeUrl(remote, { clientId, redirectUri, challenge }), {
        redirect: 'manual',
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    // The exchange must name the same redirect URI as the request.
    const a = await authorizeWithoutBrowser(remote, sandbox);
    expect((await exchange(remote, { ...a, redirectUri: 'http://127.0.0.1:9/other' })).body.error).toBe(
      'invalid_grant',
    );
  });

  it('refuses a token issued for another resource (RFC 8707 audience)', async () => {
    // Two deployments sharing one database: a token of one must not open the other.
    const file = join(mkdtempSync(join(tmpdir(), 'acctkit-remote-')), 'shared.sqlite');
    const storage = createSqliteStorage(file);
    const other = createSqliteStorage(file);
    const a1 = await startRemote(sandbox, { storage });
    const a2 = await startRemote(sandbox, { storage: other });
    try {
      const grant = await authorizeWithoutBrowser(a2, sandbox);
      const token = String((await exchange(a2, grant)).body.access_token);
      expect((await mcpPost(a2, token, TOOLS_LIST)).status).toBe(200);
      const res = await mcpPost(a1, token, TOOLS_LIST);
      expect(res.status).toBe(401);
      expect(wwwAuthenticate(res)).toContain('error="invalid_token"');
      // Nor is a token requested for another resource issued at all.
      const b = await authorizeWithoutBrowser(a2, sandbox);
      const wrong = await tokenRequest(a2, {
        grant_type: 'authorization_code',
        client_id: b.clientId,
        code: b.code,
        code_verifier: b.verifier,
        redirect_uri: b.redirectUri,
        resource: a1.mcpUrl,
      });
      expect(wrong.body.error).toBe('invalid_target');
    } finally {
      await a1.close();
      await a2.close();
      storage.close();
      other.close();
    }
  });

  it('refuses an expired access token', async () => {
    let offset = 0;
    const clocked = await startRemote(sandbox, { now: () => Date.now() + offset, accessTokenTtlSeconds: 60 });
    try {
      const a = await authorizeWithoutBrowser(clocked, sandbox);
      const token = String((await exchange(clocked, a)).body.access_token);
      expect((await mcpPost(clocked, token, TOOLS_LIST)).status).toBe(200);
      offset = 61_000;
      const res = await mcpPost(clocked, token, TOOLS_LIST);
      expect(res.status).toBe(401);
      expect(wwwAuthenticate(res)).toContain('error="invalid_token"');
    } finally {
      await clocked.close();
    }
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = (await exchange(remote, a)).body;
    const second = await refresh(remote, a.clientId, first.refresh_token);
    expect(second.status).toBe(200);
    const replay = await refresh(remote, a.clientId, first.refresh_token);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(remote, a.clientId, second.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await mcpPost(remote, String(second.body.access_token), TOOLS_LIST)).status).toBe(401);
  });

  it('refuses a refresh token presented by another client', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = (await exchange(remote, a)).body;
    const otherClient = await register(remote);
    const stolen = await refresh(remote, otherClient, first.refresh_token);
    expect(stolen.body.error).toBe('invalid_grant');
  });

  it('refuses a forged state, and a real state arriving in another browser', async () => {
    const forged = await fetch(`${remote.url}/callback?code=abc&country=de&state=forged`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
    // A real flow's state, replayed without the browser-binding cookie of the browser that started it.
    const clientId = await register(remote);
    const jar = new CookieJar();
    const { challenge } = await pkce();
    let res = await fetch(
      authorizeUrl(remote, { clientId, redirectUri: 'http://127.0.0.1:9/cb', challenge }),
      {
        redirect: 'manual',
      },
    );
    jar.take(res);
    const { request, csrf } = consentFields(await res.text());
    res = await fetch(`${remote.url}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
      body: new URLSearchParams({ request, csrf, decision: 'approve', scope: 'full_access' }),
    });
    const state = new URL(res.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const stranger = await fetch(`${remote.url}/callback?code=abc&country=de&state=${state}`, {
      redirect: 'manual',
    });
    expect(stranger.status).toBe(400);
  });

  it('never skips consent for a new client, and refuses a consent form without its CSRF cookie or tampered', async () => {
    const jar = new CookieJar();
    const known = await authorizeWithoutBrowser(remote, sandbox, { jar });
    // Consent is remembered for that client: straight on to the service.
    const { challenge } = await pkce();
    const again = await fetch(
      authorizeUrl(remote, { clientId: known.clientId, redirectUri: known.redirectUri, challenge }),
      {
        redirect: 'manual',
        headers: { Cookie: jar.header() },
      },
    );
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toContain(`${sandbox.url}/oauth2/auth?`);
    // A new client in the same browser gets the consent page.
    const newcomer = await register(remote, ['http://127.0.0.1:9/cb'], 'Newcomer');
    const page = await fetch(
      authorizeUrl(remote, { clientId: newcomer, redirectUri: 'http://127.0.0.1:9/cb', challenge }),
      {
        redirect: 'manual',
        headers: { Cookie: jar.header() },
      },
    );
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Newcomer');
    const { request, csrf } = consentFields(text);
    // A cross-site POST carries no SameSite=Lax cookie: refused.
    const noCookie = await fetch(`${remote.url}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, csrf, decision: 'approve' }),
    });
    expect(noCookie.status).toBe(403);
    // A request blob for another client, under the valid MAC of this one: refused.
    const [payload, mac] = request.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        clientId: known.clientId,
      }),
    ).toString('base64url');
    const tampered = await fetch(`${remote.url}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
      body: new URLSearchParams({ request: `${forgedPayload}.${mac}`, csrf, decision: 'approve' }),
    });
    expect(tampered.status).toBe(403);
  });

  it('escapes what a client says about itself on the consent page', async () => {
    const clientId = await register(remote, ['http://127.0.0.1:9/cb'], '<script>alert(1)</script>');
    const { challenge } = await pkce();
    const page = await (
      await fetch(authorizeUrl(remote, { clientId, redirectUri: 'http://127.0.0.1:9/cb', challenge }))
    ).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;');
  });

  it('refuses an Origin of another site on /mcp and on the consent form', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const token = String((await exchange(remote, a)).body.access_token);
    const res = await mcpPost(remote, token, TOOLS_LIST, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const form = await fetch(`${remote.url}/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'request=x&csrf=y',
    });
    expect(form.status).toBe(403);
    expect((await mcpPost(remote, token, TOOLS_LIST, { Origin: remote.url })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        remote.mcpUrl,
        { method: 'POST', headers: { Host: 'rebound.example', 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(TOOLS_LIST));
    });
    expect(status).toBe(403);
  });

  it('refuses a token of the accounting service itself at /mcp (no passthrough)', async () => {
    const minted = await sandboxAdmin(sandbox, 'tokens', { business: 'de' });
    const res = await mcpPost(remote, String(minted.access_token), TOOLS_LIST);
    expect(res.status).toBe(401);
    expect(wwwAuthenticate(res)).toContain('error="invalid_token"');
  });
});

describe('limits', () => {
  it('rate-limits per access token with 429 and Retry-After', async () => {
    const limited = await startRemote(sandbox, { rateLimitPerMinute: 3 });
    try {
      const a = await authorizeWithoutBrowser(limited, sandbox);
      const token = String((await exchange(limited, a)).body.access_token);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await mcpPost(limited, token, TOOLS_LIST)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = String(
        (await exchange(limited, await authorizeWithoutBrowser(limited, sandbox))).body.access_token,
      );
      expect((await mcpPost(limited, other, TOOLS_LIST)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    // Its own server: the connection it cuts short must not be one the other tests reuse.
    const small = await startRemote(sandbox, { maxBodyBytes: 10_000 });
    try {
      const a = await authorizeWithoutBrowser(small, sandbox);
      const token = String((await exchange(small, a)).body.access_token);
      const res = await mcpPost(small, token, { ...TOOLS_LIST, params: { pad: 'x'.repeat(20_000) } });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('refuses dangerous redirect URIs at registration', async () => {
    for (const uri of ['javascript:alert(1)', 'http://evil.example/cb', 'https://client.example/cb#frag']) {
      const res = await fetch(`${remote.url}/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_name: 'x', redirect_uris: [uri] }),
      });
      expect(res.status).toBe(400);
    }
  });

  it('answers CORS preflights for allowed browser origins only', async () => {
    const browser = await startRemote(sandbox, { allowedOrigins: ['https://app.example'] });
    try {
      const pre = (origin: string) =>
        fetch(browser.mcpUrl, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'authorization',
          },
        });
      expect((await pre('https://app.example')).headers.get('access-control-allow-origin')).toBe(
        'https://app.example',
      );
      expect((await pre('https://evil.example')).status).toBe(403);
    } finally {
      await browser.close();
    }
  });
});

describe('revocation at the service', () => {
  it('turns a grant the user revoked at the service into 401 invalid_token, then invalid_grant on refresh', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox, { business: 'pt' });
    const tokens = (await exchange(remote, a)).body;
    const call = () =>
      mcpPost(remote, String(tokens.access_token), {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'list_contacts', arguments: { limit: 1 } },
      });
    expect((await call()).status).toBe(200);
    await sandboxAdmin(sandbox, 'revoke', { business: 'pt' });
    const res = await call();
    expect(res.status).toBe(401);
    expect(wwwAuthenticate(res)).toContain('error="invalid_token"');
    const refreshed = await refresh(remote, a.clientId, tokens.refresh_token);
    expect(refreshed.body.error).toBe('invalid_grant');
  });
});

describe('client metadata documents', () => {
  it('does not fetch metadata documents on internal addresses or over http', async () => {
    const fetched: string[] = [];
    const pinned = pinnedMetadataFetch();
    const watched = await startRemote(sandbox, {
      fetchClientMetadata: (url) => {
        fetched.push(url.href);
        return pinned(url);
      },
    });
    try {
      const { challenge } = await pkce();
      for (const clientId of [
        'https://10.0.0.5/client.json',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/client.json',
        'https://[fd00::1]/client.json',
        'https://localhost/client.json',
        'https://localhost./client.json',
        'https://a.localhost./client.json',
        'https://metadata.google.internal/computeMetadata/v1/',
        'https://[::ffff:7f00:1]/client.json',
        'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
        'https://198.18.0.1/client.json',
        'http://client.example/client.json',
        'https://client.example/',
      ]) {
        const res = await fetch(
          authorizeUrl(watched, { clientId, redirectUri: 'https://client.example/cb', challenge }),
          { redirect: 'manual' },
        );
        expect(res.status, clientId).toBe(400);
        expect(await res.text()).toContain('Unknown client');
      }
      expect(fetched, fetched.join(' ')).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});

describe('token endpoint validation', () => {
  it('answers a refresh with a wrong resource with invalid_target and leaves the grant working', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const tokens = (await exchange(remote, a)).body;
    const wrong = await tokenRequest(remote, {
      grant_type: 'refresh_token',
      client_id: a.clientId,
      refresh_token: String(tokens.refresh_token),
      resource: 'https://other.example/mcp',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    expect((await mcpPost(remote, String(tokens.access_token), TOOLS_LIST)).status).toBe(200);
    const right = await refresh(remote, a.clientId, tokens.refresh_token);
    expect(right.status).toBe(200);
    expect((await mcpPost(remote, String(right.body.access_token), TOOLS_LIST)).status).toBe(200);
  });

  it('answers a code exchange with a wrong redirect_uri with invalid_grant, and the code then works once with the right one', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const wrong = await exchange(remote, { ...a, redirectUri: 'http://127.0.0.1:9/other' });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const right = await exchange(remote, a);
    expect(right.status).toBe(200);
    expect((await mcpPost(remote, String(right.body.access_token), TOOLS_LIST)).status).toBe(200);
    // Used now: a second exchange is a replay and revokes what the first one got.
    expect((await exchange(remote, a)).body.error).toBe('invalid_grant');
    expect((await mcpPost(remote, String(right.body.access_token), TOOLS_LIST)).status).toBe(401);
  });

  it('answers an unknown or wider scope on refresh with invalid_scope, and the refresh token still works', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const tokens = (await exchange(remote, a)).body;
    const ask = (refreshToken: unknown, scope: string) =>
      tokenRequest(remote, {
        grant_type: 'refresh_token',
        client_id: a.clientId,
        refresh_token: String(refreshToken),
        scope,
      });
    for (const scope of ['admin', 'readonly admin'])
      expect(await ask(tokens.refresh_token, scope), scope).toMatchObject({
        status: 400,
        body: { error: 'invalid_scope' },
      });
    const narrowed = await ask(tokens.refresh_token, 'readonly');
    expect(narrowed).toMatchObject({ status: 200, body: { scope: 'readonly' } });
    // A readonly refresh token cannot be widened back.
    expect((await ask(narrowed.body.refresh_token, 'full_access')).body.error).toBe('invalid_scope');
    expect((await refresh(remote, a.clientId, narrowed.body.refresh_token)).body.scope).toBe('readonly');
  });

  it('still revokes the family when a used refresh token is presented with a wrong resource', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = (await exchange(remote, a)).body;
    const second = await refresh(remote, a.clientId, first.refresh_token);
    expect(second.status).toBe(200);
    const replay = await tokenRequest(remote, {
      grant_type: 'refresh_token',
      client_id: a.clientId,
      refresh_token: String(first.refresh_token),
      resource: 'https://other.example/mcp',
    });
    expect(replay.body.error).toBe('invalid_grant');
    expect((await mcpPost(remote, String(second.body.access_token), TOOLS_LIST)).status).toBe(401);
  });
});
