import { describe, expect, it } from 'vitest';
import { createNonce, SignerError, sign } from '../src/index.js';

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };

/** Signs with a fixed nonce and returns the whole result. */
const signed = (url: string, body?: string | URLSearchParams | object | null, method = 'POST') =>
  sign({ method, url, body, nonce: 'n' }, credentials);

async function signerError(run: () => Promise<unknown>): Promise<SignerError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(SignerError);
    return error as SignerError;
  }
  throw new Error('expected a SignerError');
}

describe('the worked example published with the API', () => {
  const url = 'https://api.example.test/accounts/v2/contacts?config_setting=foo';
  const nonce = 'd6657d14f6d3d9de453ff4b0dc686c6d';
  const parameterString = 'config_setting=foo&contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My%20Customer';
  const baseString =
    'POST&https%3A%2F%2Fapi.example.test%2Faccounts%2Fv2%2Fcontacts&config_setting%3Dfoo%26contact%255Bcontact_type_id%255D%3D1%26contact%255Bname%255D%3DMy%2520Customer&d6657d14f6d3d9de453ff4b0dc686c6d';
  const bodies: [string, string | URLSearchParams | object][] = [
    ['a form string', 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer'],
    ['a form string with raw brackets and %20', 'contact[name]=My%20Customer&contact[contact_type_id]=1'],
    [
      'URLSearchParams',
      new URLSearchParams({ 'contact[contact_type_id]': '1', 'contact[name]': 'My Customer' }),
    ],
    ['a nested object', { contact: { contact_type_id: 1, name: 'My Customer' } }],
  ];
  for (const [name, body] of bodies)
    it(`gives the published parameter and base strings from ${name}`, async () => {
      const s = await sign({ method: 'POST', url, body, nonce }, credentials);
      expect(s.baseUrl).toBe('https://api.example.test/accounts/v2/contacts');
      expect(s.parameterString).toBe(parameterString);
      expect(s.baseString).toBe(baseString);
      expect(s.baseString.split('&')).toHaveLength(4);
    });

  it('signs it with the signature node:crypto computes (see cross-check.node.test.ts)', async () => {
    const s = await sign({ method: 'post', url, body: bodies[0]?.[1], nonce }, credentials);
    expect(s.signature).toBe('5kekELaBwos2znzrajkQmLRQ2Vs=');
    expect(s.headers).toStrictEqual({
      Authorization: 'Bearer TestToken',
      'X-Signature': '5kekELaBwos2znzrajkQmLRQ2Vs=',
      'X-Nonce': nonce,
    });
  });
});

describe('the evidence examples', () => {
  it('merges query and body in sorted order', async () => {
    expect((await signed('https://h/p?zee=4&bee=2', 'aaa=1&dee=3')).parameterString).toBe(
      'aaa=1&bee=2&dee=3&zee=4',
    );
  });

  it('treats + as a space in the query and signs spaces as %20', async () => {
    const s = await signed(
      'https://h/p?in_the_url=i+cant+have+pluses',
      'in_the_body_param=cant have pluses here too',
    );
    expect(s.parameterString).toBe(
      'in_the_body_param=cant%20have%20pluses%20here%20too&in_the_url=i%20cant%20have%20pluses',
    );
  });
});

describe('edge cases that broke OAuth 1.0a libraries', () => {
  const cases: [string, string, string | object | undefined, string][] = [
    ['a value 0', 'https://h/p?a=0', undefined, 'a=0'],
    ['= inside a value', 'https://h/p?a=b=c', 'd==', 'a=b%3Dc&d=%3D'],
    ['an encoded + in a query', 'https://h/p?a=1%2B1&b=1+1', undefined, 'a=1%2B1&b=1%201'],
    ['the same key in query and body', 'https://h/p?a=2', 'a=1&a=2', 'a=1&a=2&a=2'],
    ['an empty value and a bare key', 'https://h/p?a=&b', '', 'a=&b='],
    ['empty segments', 'https://h/p?&a=1&&', '&', 'a=1'],
    [
      'non-ASCII keys and values',
      'https://h/p?%C3%A9t%C3%A9=%EC%9B%83',
      'ñ=ü',
      '%C3%A9t%C3%A9=%EC%9B%83&%C3%B1=%C3%BC',
    ],
    ['reserved characters', "https://h/p?q=*!'()", undefined, 'q=%2A%21%27%28%29'],
    ['a tilde', 'https://h/p?q=~x', undefined, 'q=~x'],
  ];
  for (const [name, url, body, expected] of cases)
    it(`handles ${name}`, async () => {
      expect((await signed(url, body)).parameterString).toBe(expected);
    });

  it('gives an empty parameter string and still three & separators', async () => {
    const s = await signed('https://h/p', undefined, 'get');
    expect(s.parameterString).toBe('');
    expect(s.baseString).toBe('GET&https%3A%2F%2Fh%2Fp&&n');
  });

  it('percent-encodes the nonce inside the base string and sends it raw', async () => {
    const s = await sign({ method: 'GET', url: 'https://h/p', nonce: 'a b+c' }, credentials);
    expect(s.baseString.endsWith('&a%2520b%252Bc')).toBe(false);
    expect(s.baseString.endsWith('&a%20b%2Bc')).toBe(true);
    expect(s.headers['X-Nonce']).toBe('a b+c');
  });
});

describe('base URL', () => {
  const cases: [string, string][] = [
    ['https://h/p#fragment', 'https://h/p'],
    ['https://h/p?x=1#frag?y=2', 'https://h/p'],
    ['https://api.example.test:443/p', 'https://api.example.test/p'],
    ['http://api.example.test:80/p', 'https://api.example.test/p'],
    ['http://localhost:8787/test/accounts/v2/contacts', 'https://localhost:8787/test/accounts/v2/contacts'],
    ['http://api.example.test/p', 'https://api.example.test/p'],
    ['HTTPS://API.Example.TEST/Accounts/V2', 'https://api.example.test/Accounts/V2'],
    ['https://h/accounts/v2/contacts/', 'https://h/accounts/v2/contacts/'],
    ['https://h', 'https://h/'],
    ['https://h/a%2Fb/%7Ex', 'https://h/a%2Fb/%7Ex'],
    ['https://[::1]:9000/p', 'https://[::1]:9000/p'],
  ];
  for (const [url, expected] of cases)
    it(`signs ${url} as ${expected}`, async () => {
      expect((await signed(url)).baseUrl).toBe(expected);
    });

  it('signs an http sandbox request exactly as the https one', async () => {
    const a = await signed('http://localhost/test/x?b=1', 'a=1');
    const b = await signed('https://localhost/test/x?b=1', 'a=1');
    expect(a.baseString).toBe(b.baseString);
    expect(a.signature).toBe(b.signature);
  });
});

describe('object bodies', () => {
  it('flattens nested objects to bracketed keys', async () => {
    expect((await signed('https://h/p', { contact: { main_address: { town: 'X' } } })).parameterString).toBe(
      'contact%5Bmain_address%5D%5Btown%5D=X',
    );
  });

  it('flattens arrays to indexed keys', async () => {
    expect((await signed('https://h/p', { a: ['x', 'y'], b: [{ c: 1 }] })).parameterString).toBe(
      'a%5B0%5D=x&a%5B1%5D=y&b%5B0%5D%5Bc%5D=1',
    );
  });

  it("omits null and undefined, keeps '', 0 and false", async () => {
    const body = { a: null, b: undefined, c: '', d: 0, e: false, f: { g: null } };
    expect((await signed('https://h/p', body)).parameterString).toBe('c=&d=0&e=false');
  });

  it('treats a null body as no body', async () => {
    expect((await signed('https://h/p?a=1', null)).parameterString).toBe('a=1');
  });

  it('signs bigints and values in null-prototype objects', async () => {
    const inner: Record<string, unknown> = Object.create(null);
    inner.b = 2n;
    expect((await signed('https://h/p', { a: inner })).parameterString).toBe('a%5Bb%5D=2');
  });

  it('rejects a value it cannot sign with INVALID_BODY instead of dropping it', async () => {
    const values: unknown[] = [
      new Date(0),
      new Map([['a', 1]]),
      () => 1,
      Symbol('s'),
      new URLSearchParams('a=1'),
    ];
    for (const value of values) {
      const error = await signerError(() =>
        signed('https://h/p', { contact: { name: 'Ann', bad: [value] } }),
      );
      expect(error.code).toBe('INVALID_BODY');
    }
    expect((await signerError(() => signed('https://h/p', new Date(0)))).code).toBe('INVALID_BODY');
  });
});

describe('createNonce', () => {
  it('gives base64 of 32 bytes without non-word characters', () => {
    for (let i = 0; i < 300; i++) {
      const nonce = createNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9]{36,43}$/);
    }
  });

  it('gives a different nonce each call, across the random pool refill', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(createNonce());
    expect(seen.size).toBe(1000);
  });

  it('is used by sign when no nonce is given', async () => {
    const a = await sign({ method: 'GET', url: 'https://h/p' }, credentials);
    const b = await sign({ method: 'GET', url: 'https://h/p' }, credentials);
    expect(a.nonce).toMatch(/^[A-Za-z0-9]{36,43}$/);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.signature).not.toBe(b.signature);
    expect(a.baseString.endsWith(`&${a.nonce}`)).toBe(true);
  });
});

describe('errors', () => {
  it('rejects a relative URL with INVALID_URL', async () => {
    expect((await signerError(() => signed('/accounts/v2/contacts'))).code).toBe('INVALID_URL');
  });

  it('rejects a malformed escape in the query or body with MALFORMED_ENCODING', async () => {
    expect((await signerError(() => signed('https://h/p?a=%E0'))).code).toBe('MALFORMED_ENCODING');
    expect((await signerError(() => signed('https://h/p', 'a=100%'))).code).toBe('MALFORMED_ENCODING');
  });

  it('rejects empty credentials with MISSING_CREDENTIALS', async () => {
    for (const creds of [
      { signingSecret: '', accessToken: 't' },
      { signingSecret: 's', accessToken: '' },
    ]) {
      const error = await signerError(() => sign({ method: 'GET', url: 'https://h/p' }, creds));
      expect(error.code).toBe('MISSING_CREDENTIALS');
    }
  });

  it('never puts a secret, a token or the request data in an error', async () => {
    const secretCreds = { signingSecret: 'sEcReT-1234', accessToken: 'tOkEn-5678' };
    const errors = [
      await signerError(() => sign({ method: 'GET', url: 'relative?q=%E0' }, secretCreds)),
      await signerError(() => sign({ method: 'GET', url: 'https://h/p?q=%E0zz' }, secretCreds)),
      await signerError(() =>
        sign({ method: 'GET', url: 'https://h/p' }, { ...secretCreds, accessToken: '' }),
      ),
    ];
    for (const error of errors) {
      const text = `${error.message} ${String(error)} ${JSON.stringify(error)} ${error.stack ?? ''}`;
      expect(text).not.toContain('sEcReT');
      expect(text).not.toContain('tOkEn');
      expect(text).not.toContain('%E0');
    }
  });
});
