import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index.js';
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
  it('is off (404) unless an admin token is configured, and 401 with a wrong token', async () => {
    const off = createSandbox({ database: ':memory:' });
    expect(
      (await off.fetch(new Request(`${BASE}/_sandbox/tokens`, { method: 'POST', body: '{}' }))).status,
    ).toBe(404);
    off.close();
    expect((await admin('tokens', 'POST', { business: 'de' }, 'wrong')).status).toBe(401);
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
