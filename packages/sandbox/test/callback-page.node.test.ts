// The demo client's redirect URIs on a real port: the sandbox's own /oauth2/callback page, and
// loopback URIs on any port (RFC 8252 §7.3), as a native app or `acctkit login --sandbox` uses them.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, type RunningServer, startServer } from '../src/index.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, database: ':memory:', rateLimitPerMinute: 0 });
});
afterAll(() => server?.close());

/** Signs in as the owner of the de business and approves; returns where the browser is sent. */
async function authorize(redirectUri: string, state = 'st-9'): Promise<Response> {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const sc of res.headers.getSetCookie()) {
      const [k, v] = (sc.split(';')[0] as string).split('=');
      cookies.set(k as string, v as string);
    }
    return res;
  };
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const hidden = (html: string, name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DEMO_CLIENT.clientId,
    redirect_uri: redirectUri,
    scope: 'full_access',
    state,
  });
  const first = await go(`${server.url}/oauth2/auth?${query}`);
  if (first.status !== 200) return first;
  const login = await first.text();
  const signedIn = await go(
    `${server.url}/oauth2/auth/login`,
    form({
      q: hidden(login, 'q'),
      csrf: hidden(login, 'csrf'),
      email: 'anna@demo.acctkit.test',
      password: 'sandbox-de',
    }),
  );
  const consent = await (
    await go(new URL(signedIn.headers.get('location') as string, server.url).href)
  ).text();
  return go(
    `${server.url}/oauth2/auth/decision`,
    form({ q: hidden(consent, 'q'), csrf: hidden(consent, 'csrf'), business_id: '1', decision: 'approve' }),
  );
}

describe('redirect URIs of the demo client', () => {
  it('accepts loopback redirect URIs on any port (127.0.0.1, [::1], localhost) and nothing else', async () => {
    for (const uri of [
      'http://127.0.0.1:49152/callback',
      'http://127.0.0.1:1/callback',
      'http://[::1]:61000/callback',
      'http://localhost:5173/callback',
      'http://127.0.0.1:8123/oauth2/callback',
    ]) {
      const res = await authorize(uri);
      expect(res.status, uri).toBe(302);
      const loc = new URL(res.headers.get('location') as string);
      expect(`${loc.origin}${loc.pathname}`, uri).toBe(uri);
      expect(loc.searchParams.get('code'), uri).toMatch(/^[0-9a-f]{40}$/);
      expect(loc.searchParams.get('country')).toBe('de');
    }
    for (const uri of [
      'http://127.0.0.1:49152/other',
      'https://127.0.0.1:49152/callback',
      'http://127.0.0.2:49152/callback',
      'http://evil.test:3000/callback',
      'http://user@127.0.0.1:49152/callback',
    ]) {
      const res = await authorize(uri);
      expect(res.status, uri).toBe(400);
      expect(res.headers.get('location'), uri).toBeNull();
    }
  });

  it('/oauth2/callback shows the code, the country and a token request that works as printed', async () => {
    const redirectUri = `${server.url}/oauth2/callback`;
    const res = await authorize(redirectUri, 'st-curl');
    const location = res.headers.get('location') as string;
    expect(location.startsWith(`${redirectUri}?`)).toBe(true);
    const page = await fetch(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    const code = new URL(location).searchParams.get('code') as string;
    const decode = (s: string) =>
      s
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    expect(html).toContain(`<code id="code">${code}</code>`);
    expect(html).toContain('<code id="country">de</code>');
    expect(html).toContain('<code id="state">st-curl</code>');
    const curl = decode(/<code id="token-request">([^<]*)<\/code>/.exec(html)?.[1] ?? '');
    expect(curl).toContain(`--data-urlencode 'redirect_uri=${redirectUri}'`);
    // Run the printed command as a user would paste it (asynchronously: the server is in this process).
    const { stdout } = await promisify(execFile)('sh', ['-c', curl], { encoding: 'utf8', timeout: 10_000 });
    const tokens = JSON.parse(stdout);
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'full_access', expires_in: 3600 });
    expect(tokens.access_token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('/oauth2/callback shows an authorization error, escaped', async () => {
    const res = await fetch(
      `${server.url}/oauth2/callback?error=access_denied&error_description=${encodeURIComponent('<b>no</b>')}&state=x`,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('access_denied');
    expect(html).toContain('&lt;b&gt;no&lt;/b&gt;');
    expect(html).not.toContain('<b>no</b>');
  });
});
