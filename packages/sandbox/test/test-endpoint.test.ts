import { sign } from '@acctkit/signer';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE, callJson, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());
const test = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };

describe('/test/<data path>', () => {
  it('testSignaturePost: a valid signature is 200 and changes no data', async () => {
    const creds = await mintToken(sb, 'de');
    const before = (await callJson(sb, creds, 'GET', '/accounts/v2/contacts')).body.$totalResults;
    const url = `${BASE}/test/accounts/v2/contacts?config_setting=foo`;
    const body = 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer';
    const s = await sign({ method: 'POST', url, body }, test);
    const res = await sb.fetch(
      new Request(url, {
        method: 'POST',
        headers: { ...s.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Signature is valid' });
    expect((await callJson(sb, creds, 'GET', '/accounts/v2/contacts')).body.$totalResults).toBe(before);
  });

  it('testSignatureGet: a mismatch is 400 with every step, parameter string as the evidence example', async () => {
    const url = `${BASE}/test/accounts/v2/contacts?zee=4&bee=2`;
    const s = await sign({ method: 'GET', url }, { ...test, signingSecret: 'NotTheTestSecret' });
    const res = await sb.fetch(new Request(url, { headers: s.headers }));
    expect(res.status).toBe(400);
    const j = await res.json();
    expect(Object.keys(j).sort()).toEqual(
      [
        'base_url',
        'error',
        'error_description',
        'nonce',
        'parameter_string',
        'request_method',
        'signature',
        'signature_base_string',
        'signing_key',
        'signing_secret',
        'token',
      ].sort(),
    );
    expect(j).toMatchObject({
      error: 'invalid_signature',
      base_url: 'https://sandbox.test/test/accounts/v2/contacts',
      parameter_string: 'bee=2&zee=4',
      request_method: 'GET',
      signing_secret: 'TestSigningSecret',
      signing_key: 'TestSigningSecret&TestToken',
      token: 'TestToken',
      nonce: s.nonce,
    });
    expect(j.signature_base_string).toBe(
      `GET&https%3A%2F%2Fsandbox.test%2Ftest%2Faccounts%2Fv2%2Fcontacts&bee%3D2%26zee%3D4&${s.nonce}`,
    );
  });

  it('testSignaturePut, testSignatureDelete: missing headers are 400 error/error_description', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await sb.fetch(new Request(`${BASE}/test/accounts/v2/contacts/1`, { method }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: expect.stringContaining('Bearer <ACCESS_TOKEN>'),
      });
      const s = await sign({ method, url: `${BASE}/test/accounts/v2/contacts/1` }, test);
      const noNonce = await sb.fetch(
        new Request(`${BASE}/test/accounts/v2/contacts/1`, {
          method,
          headers: { Authorization: s.headers.Authorization, 'X-Signature': s.signature },
        }),
      );
      expect(noNonce.status).toBe(400);
      expect((await noNonce.json()).error_description).toContain('X-Nonce');
      const ok = await sb.fetch(
        new Request(`${BASE}/test/accounts/v2/contacts/1`, { method, headers: s.headers }),
      );
      expect(ok.status).toBe(200);
    }
  });

  it('a missing or empty X-Nonce, X-Signature or Authorization gets the same error on /test and on data routes (G20e)', async () => {
    const creds = await mintToken(sb, 'de');
    const path = '/accounts/v2/contacts';
    const cases: [string, (h: Record<string, string>) => Record<string, string>, string][] = [
      ['no X-Nonce', ({ 'X-Nonce': _, ...h }) => h, 'invalid_nonce'],
      ['empty X-Nonce', (h) => ({ ...h, 'X-Nonce': ' ' }), 'invalid_nonce'],
      ['no X-Signature', ({ 'X-Signature': _, ...h }) => h, 'invalid_request'],
      ['no Authorization', ({ Authorization: _, ...h }) => h, 'invalid_request'],
      ['Basic Authorization', (h) => ({ ...h, Authorization: 'Basic abc' }), 'invalid_request'],
    ];
    for (const [name, edit, error] of cases) {
      const bodies = [];
      for (const [url, secrets] of [
        [`${BASE}/test${path}`, test],
        [`${BASE}${path}`, creds],
      ] as const) {
        const s = await sign({ method: 'GET', url }, secrets);
        const res = await sb.fetch(new Request(url, { headers: edit({ ...s.headers }) }));
        expect(res.status, name).toBe(400);
        bodies.push(await res.json());
      }
      expect(bodies[0], name).toEqual(bodies[1]);
      expect(bodies[0].error, name).toBe(error);
    }
  });
});
