// Node only (the runtime matrix skips *.node.test.ts): node:crypto and a real HTTP server.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedFetch, type HmacSha1, SignerError, sign, verify } from '../src/index.js';

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' };

describe('WebCrypto signature against node:crypto', () => {
  it('matches createHmac for the published worked example', async () => {
    const s = await sign(
      {
        method: 'POST',
        url: 'https://api.example.test/accounts/v2/contacts?config_setting=foo',
        body: 'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer',
        nonce: 'd6657d14f6d3d9de453ff4b0dc686c6d',
      },
      credentials,
    );
    const expected = createHmac('sha1', 'TestSigningSecret&TestToken').update(s.baseString).digest('base64');
    expect(expected).toBe('5kekELaBwos2znzrajkQmLRQ2Vs=');
    expect(s.signature).toBe(expected);
  });

  it('matches createHmac for non-ASCII data and secrets', async () => {
    const creds = { signingSecret: 'sécret&ü', accessToken: 'tök€n' };
    const s = await sign(
      { method: 'PUT', url: 'https://h/ü?q=%EC%9B%83', body: { ключ: 'значение' } },
      creds,
    );
    const expected = createHmac('sha1', 'sécret&ü&tök€n').update(s.baseString, 'utf8').digest('base64');
    expect(s.signature).toBe(expected);
  });
});

describe('signatures started together', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives each of 200 concurrent requests its own correct signature', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        sign({ method: 'POST', url: `https://h/p?page=${i}`, body: `n=${i}` }, credentials),
      ),
    );
    for (const [i, s] of results.entries()) {
      expect(s.parameterString).toBe(`n=${i}&page=${i}`);
      expect(s.signature).toBe(
        createHmac('sha1', 'TestSigningSecret&TestToken').update(s.baseString).digest('base64'),
      );
    }
  });

  it('keeps signing while fake timers are installed (they are installed after the import)', async () => {
    vi.useFakeTimers();
    const s = await sign({ method: 'GET', url: 'https://h/p', nonce: 'n' }, credentials);
    expect(s.signature).toBe(
      createHmac('sha1', 'TestSigningSecret&TestToken').update(s.baseString).digest('base64'),
    );
  });

  it('reports CRYPTO_FAILED with the cause when WebCrypto refuses to sign', async () => {
    const refusal = new Error('operation refused');
    vi.spyOn(crypto.subtle, 'sign').mockRejectedValueOnce(refusal);
    const error = await sign({ method: 'GET', url: 'https://h/p' }, credentials).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignerError);
    expect(error).toMatchObject({ code: 'CRYPTO_FAILED', cause: refusal });
    // The next call signs again.
    await expect(sign({ method: 'GET', url: 'https://h/p' }, credentials)).resolves.toHaveProperty(
      'signature',
    );
  });
});

describe('createSignedFetch against a real HTTP server', () => {
  let server: Server;
  let origin = '';
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the signed form bytes and headers, which the server verifies', async () => {
    const signedFetch = createSignedFetch(credentials);
    const response = await signedFetch(`${origin}/test/accounts/v2/contacts?config_setting=foo`, {
      method: 'POST',
      headers: { 'User-Agent': 'acctkit-test', Accept: '*/*' },
      body: new URLSearchParams({ 'contact[name]': 'My Customer' }),
    });
    expect(await response.text()).toBe('ok');
    const last = received.at(-1);
    expect(last?.body).toBe('contact%5Bname%5D=My+Customer');
    expect(last?.headers['user-agent']).toBe('acctkit-test');
    expect(last?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const headers = new Headers();
    for (const [k, v] of Object.entries(last?.headers ?? {})) if (typeof v === 'string') headers.set(k, v);
    const v = await verify(
      { method: last?.method ?? '', url: `${origin}${last?.url}`, headers, body: last?.body },
      credentials,
      { revealSecrets: true },
    );
    expect(v.valid).toBe(true);
    // Signed as https with the non-default port kept, though it travelled over http.
    expect(v.steps.base_url).toBe(`https://${origin.slice('http://'.length)}/test/accounts/v2/contacts`);
  });
});

describe('another HMAC-SHA1', () => {
  const nodeHmac: HmacSha1 = (key, data) => createHmac('sha1', key).update(data).digest('base64');

  it('signs every request as WebCrypto does, given the signing key and the base string', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'put', 'DELETE'),
        fc.string(),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string()),
        // A few keys, non-ASCII among them: WebCrypto's imported keys stay cached for the tests below.
        fc.constantFrom(['S', 'T'], ['Sécret ✓', 'Tøken'], ['TestSigningSecret', 'x'.repeat(80)]),
        async (method, nonce, body, [signingSecret, accessToken]) => {
          const input = { method, url: `https://h.example/p?q=${encodeURIComponent(nonce)}`, body, nonce };
          const seen: string[][] = [];
          const custom = await sign(input, { signingSecret, accessToken }, (key, data) => {
            seen.push([key, data]);
            return nodeHmac(key, data);
          });
          const webCrypto = await sign(input, { signingSecret, accessToken });
          expect(custom).toEqual(webCrypto);
          expect(seen).toEqual([[`${signingSecret}&${accessToken}`, webCrypto.baseString]]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('passes on what it throws, and a promise it returns is awaited', async () => {
    const creds = { signingSecret: 'S', accessToken: 'T' };
    const failing: HmacSha1 = () => {
      throw new Error('no HMAC today');
    };
    await expect(sign({ method: 'GET', url: 'https://h/p' }, creds, failing)).rejects.toThrow(
      'no HMAC today',
    );
    const later: HmacSha1 = async (key, data) => nodeHmac(key, data);
    const s = await sign({ method: 'GET', url: 'https://h/p', nonce: 'n' }, creds, later);
    expect(s.signature).toBe(nodeHmac('S&T', s.baseString));
  });
});

describe('the key cache', () => {
  it("keeps 100 users' keys: signing for each of them again imports no key", async () => {
    const users = Array.from({ length: 100 }, (_, i) => ({
      signingSecret: `CacheSecret${i}`,
      accessToken: `CacheToken${i}`,
    }));
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    try {
      for (const round of [1, 2])
        await Promise.all(users.map((u) => sign({ method: 'GET', url: `https://h/p?round=${round}` }, u)));
      expect(importKey).toHaveBeenCalledTimes(100);
    } finally {
      importKey.mockRestore();
    }
  });

  it('does not keep a rejected key import: the next call imports the key again and signs', async () => {
    const creds = { signingSecret: 'ImportOnceRejected', accessToken: 'TestToken' };
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    try {
      importKey.mockRejectedValueOnce(new Error('import refused'));
      const error = await sign({ method: 'GET', url: 'https://h/p' }, creds).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'CRYPTO_FAILED' });
      const s = await sign({ method: 'GET', url: 'https://h/p', nonce: 'n' }, creds);
      expect(importKey).toHaveBeenCalledTimes(2);
      expect(s.signature).toBe(
        createHmac('sha1', 'ImportOnceRejected&TestToken').update(s.baseString).digest('base64'),
      );
    } finally {
      importKey.mockRestore();
    }
  });
});
