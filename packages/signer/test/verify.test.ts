import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, SignerError, type SignResult, sign, verify } from '../src/index.js';

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };
const url = 'https://api.example.test/test/accounts/v2/contacts?config_setting=foo';
const body = 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const signOnce = (): Promise<SignResult> => sign({ method: 'POST', url, body }, credentials);

/** The steps a client reports, from its own sign() result. */
const clientSteps = (s: SignResult) => ({
  base_url: s.baseUrl,
  parameter_string: s.parameterString,
  nonce: s.nonce,
  signature_base_string: s.baseString,
});

describe('verify', () => {
  it('accepts a request signed by sign()', async () => {
    const s = await signOnce();
    const v = await verify({ method: 'POST', url, headers: s.headers, body }, credentials);
    expect(v.valid).toBe(true);
    expect(v.mismatch).toBeNull();
    expect(v.steps.signature).toBe(s.signature);
    expect(v.steps.signature_base_string).toBe(s.baseString);
  });

  it('accepts a Fetch Request and leaves its body readable', async () => {
    const s = await signOnce();
    const request = new Request(url, { method: 'POST', headers: { ...s.headers, ...FORM }, body });
    const v = await verify(request, credentials);
    expect(v.valid).toBe(true);
    expect(await request.text()).toBe(body);
  });

  it('ignores a non-form body of a Request', async () => {
    const s = await sign({ method: 'POST', url }, credentials);
    const request = new Request(url, {
      method: 'POST',
      headers: { ...s.headers, 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect((await verify(request, credentials)).valid).toBe(true);
  });

  it('accepts the request at http and with an explicit :443 (sandbox on plain http)', async () => {
    const s = await signOnce();
    const local = url.replace('https://api.example.test', 'http://API.example.test:443');
    expect((await verify({ method: 'post', url: local, headers: s.headers, body }, credentials)).valid).toBe(
      true,
    );
  });

  it('tolerates a trailing newline and spaces on X-Signature', async () => {
    const s = await signOnce();
    for (const suffix of ['\n', '\r\n', ' ', '\t \n']) {
      const headers = { ...s.headers, 'X-Signature': `${s.signature}${suffix}` };
      expect((await verify({ method: 'POST', url, headers, body }, credentials)).valid).toBe(true);
    }
  });

  it('rejects a tampered parameter and, given the client steps, names parameter_string', async () => {
    const s = await signOnce();
    const tampered = body.replace('My+Customer', 'Evil+Customer');
    const request = { method: 'POST', url, headers: s.headers, body: tampered };
    const plain = await verify(request, credentials);
    expect(plain.valid).toBe(false);
    expect(plain.mismatch).toBe('signature');
    const v = await verify(request, credentials, { client: clientSteps(s) });
    expect(v.mismatch).toBe('parameter_string');
  });

  it('rejects a tampered nonce and names nonce', async () => {
    const s = await signOnce();
    const headers = { ...s.headers, 'X-Nonce': `${s.nonce}x` };
    const v = await verify({ method: 'POST', url, headers, body }, credentials, { client: clientSteps(s) });
    expect(v.valid).toBe(false);
    expect(v.mismatch).toBe('nonce');
    expect(v.steps.nonce).toBe(`${s.nonce}x`);
  });

  it('names request_method and base_url when those differ', async () => {
    const s = await signOnce();
    const client = clientSteps(s);
    const byMethod = await verify({ method: 'PUT', url, headers: s.headers, body }, credentials, {
      client: { ...client, request_method: 'POST' },
    });
    expect(byMethod.mismatch).toBe('request_method');
    const other = url.replace('/test/', '/');
    const byUrl = await verify({ method: 'POST', url: other, headers: s.headers, body }, credentials, {
      client,
    });
    expect(byUrl.mismatch).toBe('base_url');
  });

  it('rejects a wrong signing secret and names signing_secret when the client says which it used', async () => {
    const s = await sign({ method: 'POST', url, body }, { ...credentials, signingSecret: 'WrongSecret' });
    const request = { method: 'POST', url, headers: s.headers, body };
    const v = await verify(request, credentials);
    expect(v.valid).toBe(false);
    expect(v.mismatch).toBe('signature');
    const named = await verify(request, credentials, {
      client: { ...clientSteps(s), signing_secret: 'WrongSecret' },
    });
    expect(named.mismatch).toBe('signing_secret');
  });

  it('names token when the Authorization header is missing or not the expected token', async () => {
    const s = await signOnce();
    const { Authorization: _, ...noAuth } = s.headers;
    const missing = await verify({ method: 'POST', url, headers: noAuth, body }, credentials);
    expect(missing.valid).toBe(false);
    expect(missing.mismatch).toBe('token');
    const other = await verify(
      { method: 'POST', url, headers: { ...s.headers, Authorization: 'Bearer OtherToken' }, body },
      credentials,
    );
    expect(other.mismatch).toBe('token');
  });

  it('verifies with the bearer token when no expected token is given', async () => {
    const s = await signOnce();
    const v = await verify(
      { method: 'POST', url, headers: s.headers, body },
      { signingSecret: 'TestSigningSecret' },
    );
    expect(v.valid).toBe(true);
  });

  it('names nonce or signature when that header is missing', async () => {
    const s = await signOnce();
    const { 'X-Nonce': _n, ...noNonce } = s.headers;
    const { 'X-Signature': _s, ...noSignature } = s.headers;
    expect((await verify({ method: 'POST', url, headers: noNonce, body }, credentials)).mismatch).toBe(
      'nonce',
    );
    const v = await verify({ method: 'POST', url, headers: noSignature, body }, credentials);
    expect(v.valid).toBe(false);
    expect(v.mismatch).toBe('signature');
  });

  it('rejects a signature that differs in one character or is a prefix', async () => {
    const s = await signOnce();
    const flipped = `${s.signature[0] === 'A' ? 'B' : 'A'}${s.signature.slice(1)}`;
    for (const signature of [flipped, s.signature.slice(0, -1), `${s.signature}A`, '']) {
      const headers = { ...s.headers, 'X-Signature': signature };
      expect((await verify({ method: 'POST', url, headers, body }, credentials)).valid).toBe(false);
    }
  });

  it('reports every /test endpoint step, secrets redacted by default', async () => {
    const s = await signOnce();
    const v = await verify({ method: 'POST', url, headers: s.headers, body }, credentials);
    expect(Object.keys(v.steps).sort()).toEqual([
      'base_url',
      'nonce',
      'parameter_string',
      'request_method',
      'signature',
      'signature_base_string',
      'signing_key',
      'signing_secret',
      'token',
    ]);
    expect(v.steps).toMatchObject({
      base_url: 'https://api.example.test/test/accounts/v2/contacts',
      request_method: 'POST',
      signing_key: REDACTED,
      signing_secret: REDACTED,
      token: REDACTED,
    });
    const text = JSON.stringify(v);
    expect(text).not.toContain('TestSigningSecret');
    expect(text).not.toContain('TestToken');
  });

  it('reveals the secrets only when asked (the /test endpoint and TestSigningSecret)', async () => {
    const s = await signOnce();
    const v = await verify({ method: 'POST', url, headers: s.headers, body }, credentials, {
      revealSecrets: true,
    });
    expect(v.steps.signing_secret).toBe('TestSigningSecret');
    expect(v.steps.token).toBe('TestToken');
    expect(v.steps.signing_key).toBe('TestSigningSecret&TestToken');
  });

  it('throws coded errors without secrets for malformed input', async () => {
    const s = await signOnce();
    let error: unknown;
    try {
      await verify({ method: 'POST', url, headers: s.headers, body: 'a=%E0' }, { signingSecret: 'sEcReT' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SignerError);
    expect((error as SignerError).code).toBe('MALFORMED_ENCODING');
    expect(`${(error as Error).message}${(error as Error).stack}`).not.toContain('sEcReT');
  });

  it('round-trips: whatever sign() signs, verify() accepts, and a changed value is rejected', async () => {
    const key = fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' });
    const value = fc.oneof(fc.string({ maxLength: 8, unit: 'grapheme' }), fc.integer().map(String));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(key, value), { maxLength: 6 }),
        fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.string({ minLength: 1, maxLength: 20 }).filter((t) => !/\s/.test(t)),
        async (query, form, method, accessToken) => {
          const target = `https://h.example/x/y?${new URLSearchParams(query)}`;
          const formBody = new URLSearchParams(form).toString();
          const creds = { signingSecret: 'S3cret', accessToken };
          const s = await sign({ method, url: target, body: formBody }, creds);
          const ok = await verify({ method, url: target, headers: s.headers, body: formBody }, creds);
          expect(ok.valid).toBe(true);
          const changed = new URLSearchParams(form);
          changed.append('extra', '1');
          const bad = await verify({ method, url: target, headers: s.headers, body: changed }, creds);
          expect(bad.valid).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
