import { sign } from '@acctkit/signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BASE, type Credentials, call, callJson, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox();
let de: Credentials;
let pt: Credentials;
beforeAll(async () => {
  de = await mintToken(sb, 'de');
  pt = await mintToken(sb, 'pt');
});
afterAll(() => sb.close());

describe('request authentication', () => {
  it('listContacts: a missing Authorization header is 400 naming Bearer <ACCESS_TOKEN>', async () => {
    const res = await sb.fetch(new Request(`${BASE}/accounts/v2/contacts`));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining('Bearer <ACCESS_TOKEN>'),
    });
  });

  it('listContacts: a Basic Authorization header is 400', async () => {
    const r = await callJson(sb, de, 'GET', '/accounts/v2/contacts', {
      headers: { Authorization: 'Basic abc' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toContain('Bearer <ACCESS_TOKEN>');
  });

  it('getBusiness: a missing X-Nonce is 400 invalid_nonce, a missing X-Signature 400 invalid_request', async () => {
    const s = await sign({ method: 'GET', url: `${BASE}/core/v2/business` }, de);
    const noNonce = await sb.fetch(
      new Request(`${BASE}/core/v2/business`, {
        headers: { Authorization: s.headers.Authorization, 'X-Signature': s.signature },
      }),
    );
    expect(noNonce.status).toBe(400);
    expect((await noNonce.json()).error).toBe('invalid_nonce');
    const noSig = await sb.fetch(
      new Request(`${BASE}/core/v2/business`, {
        headers: { Authorization: s.headers.Authorization, 'X-Nonce': s.nonce },
      }),
    );
    expect(noSig.status).toBe(400);
    expect((await noSig.json()).error).toBe('invalid_request');
  });

  it('getBusiness: a wrong signature is 400 invalid_signature and reveals no secret', async () => {
    const r = await callJson(sb, de, 'GET', '/core/v2/business', { signingSecret: 'wrong' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_signature');
    expect(JSON.stringify(r.body)).not.toContain(de.signingSecret);
    expect(JSON.stringify(r.body)).not.toContain(de.accessToken);
  });

  it('getBusiness: an unknown token is 401 AuthorizationFailure with WWW-Authenticate', async () => {
    const r = await callJson(sb, de, 'GET', '/core/v2/business', { accessToken: 'f'.repeat(40) });
    expect(r.status).toBe(401);
    expect(r.body.$diagnoses[0]).toMatchObject({
      $dataCode: 'AuthorizationFailure',
      $message: 'Access Denied',
      $source: '',
    });
    expect(r.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('getMe: a replayed nonce is 400 invalid_nonce', async () => {
    const first = await callJson(sb, de, 'GET', '/core/v2/me', { nonce: 'replay-me-123' });
    expect(first.status).toBe(200);
    const again = await callJson(sb, de, 'GET', '/core/v2/me', { nonce: 'replay-me-123' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_nonce');
  });

  it('createContact: signed form body with brackets verifies; a tampered body does not', async () => {
    const body = 'contact%5Bname%5D=Signed+Kunde&contact%5Bcontact_type_id%5D=1';
    const ok = await callJson(sb, de, 'POST', '/accounts/v2/contacts?config_setting=foo', { body });
    expect(ok.status).toBe(201);
    expect(ok.body.name).toBe('Signed Kunde');
    const s = await sign({ method: 'POST', url: `${BASE}/accounts/v2/contacts`, body }, de);
    const tampered = await sb.fetch(
      new Request(`${BASE}/accounts/v2/contacts`, {
        method: 'POST',
        headers: { ...s.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.replace('Signed', 'Evil'),
      }),
    );
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error).toBe('invalid_signature');
  });

  it('createContact, updateContact, deleteContact: readonly scope is 403 InsufficientScope, reads still work', async () => {
    const ro = await mintToken(sb, 'pt', 'readonly');
    const w = await callJson(sb, ro, 'POST', '/accounts/v2/contacts', {
      body: { 'contact[name]': 'X', 'contact[contact_type_id]': '1' },
    });
    expect(w.status).toBe(403);
    expect(w.body.$diagnoses[0].$dataCode).toBe('InsufficientScope');
    expect(
      (await callJson(sb, ro, 'PUT', '/accounts/v2/contacts/1', { body: { 'contact[notes]': 'x' } })).status,
    ).toBe(403);
    expect((await callJson(sb, ro, 'DELETE', '/accounts/v2/contacts/1')).status).toBe(403);
    expect((await callJson(sb, ro, 'GET', '/accounts/v2/contacts')).status).toBe(200);
  });

  it("getContact: the variant follows the business of the token; another business's record is 404", async () => {
    const dePage = await callJson(sb, de, 'GET', '/accounts/v2/contacts?$itemsPerPage=1');
    const ptPage = await callJson(sb, pt, 'GET', '/accounts/v2/contacts?$itemsPerPage=1');
    expect(dePage.body.$resources[0]).toHaveProperty('editable');
    expect(ptPage.body.$resources[0]).toHaveProperty('withholding_tax');
    const deId = dePage.body.$resources[0].id;
    expect((await callJson(sb, pt, 'GET', `/accounts/v2/contacts/${deId}`)).status).toBe(404);
  });

  it('getBusiness: an expired access token is 401 (clock advanced past 1 hour)', async () => {
    const own = testSandbox({ accessTokenTtlSeconds: 60 });
    const c = await mintToken(own, 'de');
    expect((await callJson(own, c, 'GET', '/core/v2/business')).status).toBe(200);
    await own.fetch(
      new Request(`${BASE}/_sandbox/clock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN}` },
        body: '{"advance_seconds":61}',
      }),
    );
    expect((await callJson(own, c, 'GET', '/core/v2/business')).status).toBe(401);
    own.close();
  });

  it('listContacts: 200 requests per minute per business, then 429 with Retry-After', async () => {
    let t = Date.UTC(2026, 0, 1);
    const own = testSandbox({ rateLimitPerMinute: 3, clock: () => t });
    const c = await mintToken(own, 'pt');
    for (let i = 0; i < 3; i++)
      expect((await call(own, c, 'GET', '/accounts/v2/contact_types')).status).toBe(200);
    const limited = await call(own, c, 'GET', '/accounts/v2/contacts');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t += 61_000;
    expect((await call(own, c, 'GET', '/accounts/v2/contacts')).status).toBe(200);
    own.close();
  });
});
