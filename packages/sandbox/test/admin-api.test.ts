import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, DEMO_CLIENT } from '../src/index.js';
import { ADMIN, BASE, call, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox({ random: () => 0.1 });
afterAll(() => sb.close());
const admin = (path: string, method = 'POST', body?: object, token = ADMIN) =>
  sb.fetch(
    new Request(`${BASE}/_sandbox/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }),
  );

describe('admin API under /_sandbox/', () => {
  it('without an admin token answers 403 ADMIN_DISABLED saying how to enable it; a wrong token is 401', async () => {
    const off = createSandbox({ database: ':memory:' });
    for (const path of ['tokens', 'codes', 'revoke', 'reset', 'anything']) {
      const res = await off.fetch(new Request(`${BASE}/_sandbox/${path}`, { method: 'POST', body: '{}' }));
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await res.json();
      expect(body).toMatchObject({ error: 'admin_disabled', code: 'ADMIN_DISABLED' });
      expect(body.error_description).toContain('the admin API is disabled: start with --admin-token');
    }
    off.close();
    const wrong = await admin('tokens', 'POST', { business: 'de' }, 'wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_token', code: 'ADMIN_UNAUTHORIZED' });
    // Same length as the real token, one character off: still refused.
    expect((await admin('tokens', 'POST', { business: 'de' }, `${ADMIN.slice(0, -1)}x`)).status).toBe(401);
  });

  it('POST /_sandbox/codes issues a real authorization code: it buys tokens once, for that business and redirect URI', async () => {
    const redirect = 'http://127.0.0.1:53117/callback';
    const res = await admin('codes', 'POST', {
      business: 'pt',
      scope: 'readonly',
      redirect_uri: redirect,
      state: 's1',
    });
    expect(res.status).toBe(201);
    const issued = await res.json();
    expect(issued).toMatchObject({ state: 's1', country: 'pt', business_id: 2, redirect_uri: redirect });
    expect(issued.code).toMatch(/^[0-9a-f]{40}$/);
    const exchange = (code: string, redirectUri = redirect) =>
      sb.fetch(
        new Request(`${BASE}/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            client_id: DEMO_CLIENT.clientId,
            client_secret: DEMO_CLIENT.clientSecret,
            code,
            redirect_uri: redirectUri,
          }),
        }),
      );
    const other = await (await admin('codes', 'POST', { business: 'de', redirect_uri: redirect })).json();
    expect((await exchange(other.code, 'http://127.0.0.1:1/callback')).status).toBe(400);
    const tokens = await exchange(issued.code);
    expect(tokens.status).toBe(200);
    const t = await tokens.json();
    expect(t.scope).toBe('readonly');
    const creds = { accessToken: t.access_token, signingSecret: DEMO_CLIENT.signingSecret };
    const me = await call(sb, creds, 'GET', '/core/v2/business');
    expect(me.status).toBe(200);
    expect((await me.json()).country.code).toBe('PT');
    const again = await exchange(issued.code);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    expect((await admin('codes', 'POST', { business: 'de' })).status).toBe(400);
    const foreign = await admin('codes', 'POST', { business: 'de', redirect_uri: 'https://evil.test/cb' });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ code: 'ADMIN_BAD_REQUEST', error: 'invalid_request' });
  });

  it('POST /_sandbox/revoke revokes a grant: data calls get 401 and its refresh token invalid_grant', async () => {
    const refresh = (creds: { refreshToken: string }) =>
      sb.fetch(
        new Request(`${BASE}/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: DEMO_CLIENT.clientId,
            client_secret: DEMO_CLIENT.clientSecret,
            refresh_token: creds.refreshToken,
          }),
        }),
      );
    for (const by of ['access_token', 'refresh_token', 'business'] as const) {
      const creds = await mintToken(sb, 'de');
      const bystander = await mintToken(sb, 'pt');
      expect((await call(sb, creds, 'GET', '/core/v2/me')).status).toBe(200);
      const body =
        by === 'access_token'
          ? { access_token: creds.accessToken }
          : by === 'refresh_token'
            ? { refresh_token: creds.refreshToken }
            : { business: 'de' };
      const res = await admin('revoke', 'POST', body);
      expect(res.status).toBe(200);
      expect((await res.json()).revoked).toBeGreaterThanOrEqual(1);
      expect((await call(sb, creds, 'GET', '/core/v2/me')).status).toBe(401);
      expect(await (await refresh(creds)).json()).toMatchObject({ error: 'invalid_grant' });
      expect((await call(sb, bystander, 'GET', '/core/v2/me')).status).toBe(200);
    }
    expect((await admin('revoke', 'POST', { access_token: 'nope' })).status).toBe(400);
    expect((await admin('revoke', 'POST', {})).status).toBe(400);
  });

  it('POST /_sandbox/tokens mints a token with every field, for de, pt or a business id; bad input is 400', async () => {
    const res = await admin('tokens', 'POST', { business: 2, scope: 'readonly' });
    expect(res.status).toBe(201);
    const j = await res.json();
    expect(Object.keys(j).sort()).toEqual(
      [
        'access_token',
        'business_id',
        'client_id',
        'client_secret',
        'country',
        'expires_in',
        'refresh_token',
        'scope',
        'signing_secret',
        'token_type',
      ].sort(),
    );
    expect(j).toMatchObject({
      country: 'pt',
      business_id: 2,
      scope: 'readonly',
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect((await admin('tokens', 'POST', { business: 'fr' })).status).toBe(400);
    expect((await admin('tokens', 'POST', { business: 'de', scope: 'all' })).status).toBe(400);
    const broken = await sb.fetch(
      new Request(`${BASE}/_sandbox/tokens`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN}` },
        body: '{not json',
      }),
    );
    expect(broken.status).toBe(400);
  });

  it('faults: 500 for the next request, latency, then a rate; DELETE clears them', async () => {
    const creds = await mintToken(sb, 'de');
    expect((await admin('faults', 'POST', { type: 500, count: 1 })).status).toBe(201);
    expect((await call(sb, creds, 'GET', '/core/v2/business')).status).toBe(500);
    expect((await call(sb, creds, 'GET', '/core/v2/business')).status).toBe(200);
    await admin('faults', 'POST', { type: 'latency', latency_ms: 120, count: 1 });
    const t0 = performance.now();
    expect((await call(sb, creds, 'GET', '/core/v2/business')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(100);
    await admin('faults', 'POST', { type: 503, rate: 0.5 });
    expect((await call(sb, creds, 'GET', '/core/v2/business')).status).toBe(503);
    expect((await (await admin('faults', 'GET')).json()).faults).toHaveLength(1);
    await admin('faults', 'DELETE');
    expect((await call(sb, creds, 'GET', '/core/v2/business')).status).toBe(200);
    expect((await admin('faults', 'POST', { type: 'teapot' })).status).toBe(400);
  });

  it('clock: advancing it expires access tokens; GET shows the offset', async () => {
    const creds = await mintToken(sb, 'pt');
    expect((await admin('clock', 'POST', { advance_seconds: 3601 })).status).toBe(200);
    expect((await (await admin('clock', 'GET')).json()).offset_seconds).toBe(3601);
    expect((await call(sb, creds, 'GET', '/core/v2/me')).status).toBe(401);
    expect((await admin('clock', 'POST', { advance_seconds: 'soon' })).status).toBe(400);
  });
});
