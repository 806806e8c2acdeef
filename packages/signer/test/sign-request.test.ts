import { describe, expect, it } from 'vitest';
import { createSignedFetch, SignerError, sign, signRequest, verify } from '../src/index.js';

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };
const url = 'https://api.example.test/test/accounts/v2/contacts?config_setting=foo';

/** A fetch that records the Request it is given and answers 200; the body is read as sent. */
function capturingFetch(): {
  fetch: (request: Request) => Promise<Response>;
  sent: { request: Request; body: string }[];
} {
  const sent: { request: Request; body: string }[] = [];
  return {
    sent,
    fetch: async (request) => {
      sent.push({ request, body: await request.clone().text() });
      return new Response('ok');
    },
  };
}

describe('signRequest', () => {
  it('signs exactly the form bytes it sends, and verify accepts them', async () => {
    const request = new Request(url, {
      method: 'POST',
      body: new URLSearchParams({ 'contact[name]': 'My Customer', 'contact[contact_type_id]': '1' }),
    });
    const signed = await signRequest(request, credentials);
    const body = await signed.clone().text();
    expect(body).toBe('contact%5Bname%5D=My+Customer&contact%5Bcontact_type_id%5D=1');
    const expected = await sign(
      { method: 'POST', url, body, nonce: signed.headers.get('x-nonce') ?? '' },
      credentials,
    );
    expect(signed.headers.get('x-signature')).toBe(expected.signature);
    expect(expected.parameterString).toBe(
      'config_setting=foo&contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My%20Customer',
    );
    expect((await verify(signed, credentials)).valid).toBe(true);
  });

  it('keeps every other header and sets the three signing headers', async () => {
    const request = new Request(url, {
      method: 'POST',
      headers: {
        Accept: '*/*',
        'User-Agent': 'acctkit-test',
        'X-Custom': 'kept',
        Authorization: 'Basic old',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'a=1',
    });
    const signed = await signRequest(request, credentials);
    expect(signed.headers.get('accept')).toBe('*/*');
    // Browsers drop a User-Agent set on a Request; everywhere else it must survive signing.
    expect(signed.headers.get('user-agent')).toBe(request.headers.get('user-agent'));
    expect(signed.headers.get('x-custom')).toBe('kept');
    expect(signed.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(signed.headers.get('authorization')).toBe('Bearer TestToken');
    expect(signed.headers.get('x-nonce')).toMatch(/^[A-Za-z0-9]{36,43}$/);
    expect(signed.headers.get('x-signature')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(signed.method).toBe('POST');
    expect(signed.url).toBe(url);
  });

  it('does not sign a non-form body but still sends it', async () => {
    const json = '{"contact":{"name":"Ann"}}';
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: json,
    });
    const signed = await signRequest(request, credentials);
    const nonce = signed.headers.get('x-nonce') ?? '';
    const withoutBody = await sign({ method: 'POST', url, nonce }, credentials);
    expect(signed.headers.get('x-signature')).toBe(withoutBody.signature);
    expect(await signed.text()).toBe(json);
  });

  it('signs a GET with only its query', async () => {
    const signed = await signRequest(new Request(`${url}&page=2`), credentials);
    const nonce = signed.headers.get('x-nonce') ?? '';
    const expected = await sign({ method: 'GET', url: `${url}&page=2`, nonce }, credentials);
    expect(signed.headers.get('x-signature')).toBe(expected.signature);
    expect(signed.body).toBeNull();
  });

  it('accepts a form content type with a charset parameter', async () => {
    const request = new Request(url, {
      method: 'PUT',
      headers: { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
      body: 'a=%C3%A9',
    });
    const signed = await signRequest(request, credentials);
    const nonce = signed.headers.get('x-nonce') ?? '';
    const expected = await sign({ method: 'PUT', url, body: 'a=%C3%A9', nonce }, credentials);
    expect(expected.parameterString).toBe('a=%C3%A9&config_setting=foo');
    expect(signed.headers.get('x-signature')).toBe(expected.signature);
  });
});

describe('createSignedFetch', () => {
  it('signs and sends through the given fetch, form body read once and sent as signed', async () => {
    const { fetch, sent } = capturingFetch();
    const signedFetch = createSignedFetch(credentials, { fetch });
    const response = await signedFetch(url, {
      method: 'POST',
      headers: { 'X-Custom': 'kept' },
      body: new URLSearchParams({ a: 'x y', b: '0' }),
    });
    expect(await response.text()).toBe('ok');
    expect(sent).toHaveLength(1);
    const [{ request, body } = { request: new Request(url), body: '' }] = sent;
    expect(body).toBe('a=x+y&b=0');
    expect(request.headers.get('x-custom')).toBe('kept');
    expect((await verify(request, credentials)).valid).toBe(true);
  });

  it('accepts a Request as input', async () => {
    const { fetch, sent } = capturingFetch();
    await createSignedFetch(credentials, { fetch })(new Request(url, { method: 'DELETE' }));
    expect(sent[0]?.request.method).toBe('DELETE');
    expect(sent[0] && (await verify(sent[0].request, credentials)).valid).toBe(true);
  });

  it('calls an async credentials getter per request, so a refreshed token is used', async () => {
    const { fetch, sent } = capturingFetch();
    let calls = 0;
    const signedFetch = createSignedFetch(
      async () => ({ signingSecret: 'TestSigningSecret', accessToken: `token-${++calls}` }),
      { fetch },
    );
    await signedFetch(url);
    await signedFetch(url);
    expect(sent.map((s) => s.request.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it("lets the getter's own error through unchanged", async () => {
    const failure = new Error('refresh failed');
    const signedFetch = createSignedFetch(
      () => {
        throw failure;
      },
      { fetch: capturingFetch().fetch },
    );
    await expect(signedFetch(url)).rejects.toThrow('refresh failed');
  });

  it('rejects with a SignerError, sending nothing, when the credentials are empty', async () => {
    const { fetch, sent } = capturingFetch();
    const signedFetch = createSignedFetch({ signingSecret: 'x', accessToken: '' }, { fetch });
    await expect(signedFetch(url)).rejects.toThrow(SignerError);
    expect(sent).toHaveLength(0);
  });
});
