// The script /docs serves to sign "Test Request": the committed bundle is what the source produces,
// and, run as the page runs it, it makes requests the sandbox accepts.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { requestSignerFile, requestSignerSource } from '../scripts/bundle-request-signer.js';
import { DEMO_CLIENT } from '../src/index.js';
import { BASE, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());

type Hook = (input: { request: Request }) => Promise<void>;
interface AcctkitDocs {
  withRequestSigning(config: object, options: { signingSecret: string }): { onRequestBuilt: Hook };
}

/** The served script evaluated as a classic <script> would run it, returning its global. */
async function loadServedScript(): Promise<AcctkitDocs> {
  const res = await sb.fetch(new Request(`${BASE}/docs/request-signer.js`));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/javascript');
  return new Function(`${await res.text()}\nreturn acctkitDocs;`)() as AcctkitDocs;
}

const docs = await loadServedScript();
const { onRequestBuilt } = docs.withRequestSigning(
  { sources: [] },
  { signingSecret: DEMO_CLIENT.signingSecret },
);

describe('/docs/request-signer.js', () => {
  it('src/generated/request-signer.ts is what browser/request-signer.ts bundles to (run gen:request-signer when this fails)', async () => {
    expect(readFileSync(requestSignerFile, 'utf8')).toBe(await requestSignerSource());
  });

  it('keeps the configuration and adds the onRequestBuilt hook', () => {
    const config = docs.withRequestSigning({ hideClientButton: true }, { signingSecret: 'x' });
    expect(config).toMatchObject({ hideClientButton: true });
    expect(typeof config.onRequestBuilt).toBe('function');
  });

  it('listContacts: signs the built request with the demo signing secret and the Authorize token: 200', async () => {
    const { accessToken } = await mintToken(sb, 'de');
    const request = new Request(`${BASE}/accounts/v2/contacts?$itemsPerPage=3`, {
      headers: { Authorization: `Bearer ${accessToken}`, 'X-Signature': '', 'X-Nonce': '' },
    });
    await onRequestBuilt({ request });
    expect(request.headers.get('x-signature')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(request.headers.get('x-nonce')).not.toBe('');
    const res = await sb.fetch(request);
    expect(res.status).toBe(200);
    expect((await res.json()).$resources).toHaveLength(3);
  });

  it('createContact: signs the exact form body that is sent: 201', async () => {
    const { accessToken } = await mintToken(sb, 'pt');
    const request = new Request(`${BASE}/accounts/v2/contacts`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ 'contact[contact_type_id]': '1', 'contact[name]': 'Ana Lima' }),
    });
    await onRequestBuilt({ request });
    const res = await sb.fetch(request);
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe('Ana Lima');
  });

  it('testSignatureGet: /test/… is signed with TestSigningSecret and TestToken when no token is given', async () => {
    const request = new Request(`${BASE}/test/accounts/v2/contacts?a=1`);
    await onRequestBuilt({ request });
    expect(request.headers.get('authorization')).toBe('Bearer TestToken');
    expect((await sb.fetch(request)).status).toBe(200);
  });

  it('leaves the token endpoint, the admin API and unauthorized data calls unsigned', async () => {
    for (const url of [`${BASE}/oauth2/token`, `${BASE}/_sandbox/clock`, `${BASE}/core/v2/business`]) {
      const request = new Request(url);
      await onRequestBuilt({ request });
      expect(request.headers.has('x-signature')).toBe(false);
    }
  });
});
