// Run by `pnpm release:check` in a fresh npm project where the packed tarballs were installed: what a
// user's ESM script does with the libraries. argv[2] is the worked example of the interface spec
// (method, url, body, nonce, signing secret, token) with its published signature.
import { createClient } from '@acctkit/client';
import { sign } from '@acctkit/signer';
import { createKeyRing, createMemoryStorage } from '@acctkit/token-vault';

const example = JSON.parse(process.argv[2] ?? '{}');
const credentials = { signingSecret: example.signingSecret, accessToken: example.accessToken };
const results = {};

const signed = await sign(
  { method: example.method, url: example.url, body: example.body, nonce: example.nonce },
  credentials,
);
results.signerSignature = signed.signature;

let sent;
const api = createClient({
  variant: 'de',
  baseUrl: 'https://api.example.test',
  credentials,
  userAgent: 'acctkit-release-check/1',
  fetch: async (request) => {
    sent = request;
    return Response.json({ id: 1, name: 'Schneider Werbetechnik GmbH' });
  },
});
const { data } = await api.GET('/core/v2/business');
results.clientSigned = Boolean(sent?.headers.get('X-Signature') && sent.headers.get('X-Nonce'));
results.clientData = data?.name;

const ring = createKeyRing([{ id: 'k1', key: crypto.getRandomValues(new Uint8Array(32)) }]);
const sealed = await ring.encrypt('refresh-token-value', 'connection:acme');
results.vaultSealed = !sealed.includes('refresh-token-value');
results.vaultOpened = (await ring.decrypt(sealed, 'connection:acme')) === 'refresh-token-value';
results.vaultStorage = typeof createMemoryStorage().get === 'function';

console.log(JSON.stringify(results));
