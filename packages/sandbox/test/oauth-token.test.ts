import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, DEMO_CODE_ONLY_CLIENT } from '../src/index.js';
import { ADMIN, BASE, callJson, testSandbox } from './helpers.js';

let now = Date.UTC(2026, 2, 1, 12);
const sb = testSandbox({ clock: () => now });
afterAll(() => sb.close());
const redirect = DEMO_CLIENT.redirectUris[0];

/** A real authorization code from the admin API, as the consent page would issue it. */
async function newCode(
  overrides: Partial<{
    clientId: string;
    redirectUri: string;
    scope: 'full_access' | 'readonly';
    business: number;
  }> = {},
): Promise<string> {
  const res = await sb.fetch(
    new Request(`${BASE}/_sandbox/codes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        business: overrides.business ?? 2,
        scope: overrides.scope ?? 'full_access',
        client_id: overrides.clientId ?? DEMO_CLIENT.clientId,
        redirect_uri: overrides.redirectUri ?? redirect,
      }),
    }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

async function token(
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, string | number>; headers: Headers }> {
  const res = await sb.fetch(
    new Request(`${BASE}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    }),
  );
  return { status: res.status, body: await res.json(), headers: res.headers };
}
const client = { client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret };

describe('POST /oauth2/token', () => {
  it('requestToken: authorization_code gives 40-character tokens, Bearer, 3600 s, no-store', async () => {
    const r = await token({
      ...client,
      grant_type: 'authorization_code',
      code: await newCode(),
      redirect_uri: redirect,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'full_access' });
    expect(String(r.body.access_token)).toHaveLength(40);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const me = await callJson(
      sb,
      { accessToken: String(r.body.access_token), signingSecret: DEMO_CLIENT.signingSecret },
      'GET',
      '/core/v2/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('joao@demo.acctkit.test');
  });

  it('requestToken: a reused code is invalid_grant and revokes the tokens it issued', async () => {
    const code = await newCode();
    const first = await token({ ...client, grant_type: 'authorization_code', code, redirect_uri: redirect });
    const creds = { accessToken: String(first.body.access_token), signingSecret: DEMO_CLIENT.signingSecret };
    expect((await callJson(sb, creds, 'GET', '/core/v2/business')).status).toBe(200);
    const again = await token({ ...client, grant_type: 'authorization_code', code, redirect_uri: redirect });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect((await callJson(sb, creds, 'GET', '/core/v2/business')).status).toBe(401);
    const refreshed = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('requestToken: a code expires after 60 seconds', async () => {
    const code = await newCode();
    now += 61_000;
    const r = await token({ ...client, grant_type: 'authorization_code', code, redirect_uri: redirect });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('requestToken: a code is bound to its client and redirect_uri', async () => {
    const wrongRedirect = await token({
      ...client,
      grant_type: 'authorization_code',
      code: await newCode(),
      redirect_uri: 'http://localhost:8080/callback',
    });
    expect(wrongRedirect.body.error).toBe('invalid_grant');
    const otherClient = await token({
      client_id: DEMO_CODE_ONLY_CLIENT.clientId,
      client_secret: DEMO_CODE_ONLY_CLIENT.clientSecret,
      grant_type: 'authorization_code',
      code: await newCode(),
      redirect_uri: redirect,
    });
    expect(otherClient.body.error).toBe('invalid_grant');
  });

  it('requestToken: refresh rotates the refresh token; the old one is then invalid_grant', async () => {
    const first = await token({
      ...client,
      grant_type: 'authorization_code',
      code: await newCode({ scope: 'readonly' }),
      redirect_uri: redirect,
    });
    const second = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(second.status).toBe(200);
    expect(second.body.scope).toBe('readonly');
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(
      (
        await token({
          ...client,
          grant_type: 'refresh_token',
          refresh_token: String(first.body.refresh_token),
        })
      ).body.error,
    ).toBe('invalid_grant');
    const old = await callJson(
      sb,
      { accessToken: String(first.body.access_token), signingSecret: DEMO_CLIENT.signingSecret },
      'GET',
      '/core/v2/me',
    );
    expect(old.status).toBe(401);
  });

  it("requestToken: refreshing with another client's refresh token is invalid_grant and revokes nothing", async () => {
    const codeOnly = {
      client_id: DEMO_CODE_ONLY_CLIENT.clientId,
      client_secret: DEMO_CODE_ONLY_CLIENT.clientSecret,
    };
    const theirs = await token({
      ...codeOnly,
      grant_type: 'authorization_code',
      code: await newCode({ clientId: DEMO_CODE_ONLY_CLIENT.clientId, business: 1 }),
      redirect_uri: DEMO_CODE_ONLY_CLIENT.redirectUris[0],
    });
    expect(theirs.status).toBe(200);
    const stolen = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(theirs.body.refresh_token),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect(stolen.body.access_token).toBeUndefined();
    // The owner's access token still works: a failed attempt by another client revokes nothing.
    const still = await callJson(
      sb,
      {
        accessToken: String(theirs.body.access_token),
        signingSecret: DEMO_CODE_ONLY_CLIENT.signingSecret,
      },
      'GET',
      '/core/v2/me',
    );
    expect(still.status).toBe(200);
  });

  it.each([
    [
      'missing client_id',
      { client_secret: 'x', grant_type: 'refresh_token', refresh_token: 'r' },
      'invalid_request',
    ],
    ['missing grant_type', { ...client }, 'invalid_request'],
    ['unknown grant_type', { ...client, grant_type: 'password' }, 'unsupported_grant_type'],
    [
      'wrong client_secret',
      { ...client, client_secret: 'nope', grant_type: 'refresh_token', refresh_token: 'r' },
      'invalid_client',
    ],
    [
      'unknown client_id',
      { ...client, client_id: 'nobody', grant_type: 'refresh_token', refresh_token: 'r' },
      'invalid_client',
    ],
    [
      'refresh for a code-only client',
      {
        client_id: DEMO_CODE_ONLY_CLIENT.clientId,
        client_secret: DEMO_CODE_ONLY_CLIENT.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: 'r',
      },
      'unauthorized_client',
    ],
    [
      'missing code',
      { ...client, grant_type: 'authorization_code', redirect_uri: redirect },
      'invalid_request',
    ],
    ['missing redirect_uri', { ...client, grant_type: 'authorization_code', code: 'c' }, 'invalid_request'],
    [
      'unknown code',
      { ...client, grant_type: 'authorization_code', code: 'nope', redirect_uri: redirect },
      'invalid_grant',
    ],
    [
      'unknown refresh token',
      { ...client, grant_type: 'refresh_token', refresh_token: 'nope' },
      'invalid_grant',
    ],
  ] as const)('requestToken: %s → 400 %s', async (_name, params, error) => {
    const r = await token(params as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(error);
    expect(typeof r.body.error_description).toBe('string');
  });

  it('requestToken: a repeated parameter and a trailing slash are 400 invalid_request', async () => {
    const res = await sb.fetch(
      new Request(`${BASE}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&grant_type=refresh_token',
      }),
    );
    expect((await res.json()).error).toBe('invalid_request');
    const slash = await sb.fetch(new Request(`${BASE}/oauth2/token/`, { method: 'POST', body: '' }));
    expect(slash.status).toBe(400);
  });

  it('requestToken: client_secret is compared whole and in constant time (prefix, extension, one character off)', async () => {
    const secret = DEMO_CLIENT.clientSecret;
    for (const wrong of [
      secret.slice(0, -1),
      `${secret}x`,
      `${secret.slice(0, -1)}x`,
      ''.padEnd(secret.length, 'a'),
    ]) {
      const r = await token({
        grant_type: 'refresh_token',
        client_id: DEMO_CLIENT.clientId,
        client_secret: wrong,
        refresh_token: 'r',
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_client');
    }
    // Every secret comparison goes through the signer's timingSafeEqual, never `===`/`!==`.
    const { readFileSync } = await import('node:fs');
    for (const file of ['token-endpoint.ts', 'admin-routes.ts']) {
      const src = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
      expect(src).toContain("import { timingSafeEqual } from '@acctkit/signer';");
      expect(src).not.toMatch(
        /(clientSecret|client_secret|adminToken|signingSecret)\s*[!=]==(?!\s*undefined)/,
      );
    }
  });
});
