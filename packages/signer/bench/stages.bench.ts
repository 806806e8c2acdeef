// Where the time of one sign() goes, stage by stage, in the runtime that runs this module: each stage
// is timed alone in a synchronous loop over the bench's own requests (an incrementing id in query and
// body), and set beside the main-thread cost of the bare HMAC at 64 in flight (1 / ceiling rate).
// `pnpm --filter @acctkit/signer bench:stages` runs it in every runtime of the matrix.
import { splitUrl } from '../src/base-url.js';
import { createNonce } from '../src/create-nonce.js';
import { signingKey } from '../src/credentials.js';
import { formPairs } from '../src/form-pairs.js';
import { percentEncode } from '../src/percent-encode.js';
import { signatureBase } from '../src/sign.js';
import { toBase64 } from '../src/to-base64.js';
import { calibrate, measure, median, timeSync } from './clock.js';

const ROUNDS = 7;
const N = 20_000;
const K = 1024;

const secret = 'TestSigningSecret';
const token = 'a'.repeat(40);
const url = 'https://api.example.test/accounts/v2/contacts?config_setting=foo';
const body =
  'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer&contact%5Bemail%5D=ann%40example.test';

export async function run(log: (line: string) => void): Promise<void> {
  const urls = Array.from({ length: K }, (_, i) => `${url}&page=${100000 + i}`);
  const bodies = Array.from({ length: K }, (_, i) => `${body}&contact%5Bid%5D=${100000 + i}`);
  const split = urls.map(splitUrl);
  const pairs = split.map(([, query], i) => formPairs(query, bodies[i]));
  const params = pairs.map((p) => [...p].sort().join('&').replaceAll(' ', '='));
  const base = split[0]?.[0] ?? '';
  const nonce = createNonce();
  const baseStrings = urls.map((u, i) => signatureBase('POST', u, bodies[i], nonce).baseString);
  const encoder = new TextEncoder();
  const digest = crypto.getRandomValues(new Uint8Array(20));
  const keys = new Map<string, number>([[`${secret}&${token}`, 1]]);

  const stages: [string, (i: number) => unknown][] = [
    ['signing key + key cache lookup', () => keys.get(signingKey(secret, token))],
    ['nonce', () => createNonce()],
    ['URL split (new URL)', (i) => splitUrl(urls[i & (K - 1)] ?? '')],
    ['parameter pairs', (i) => formPairs(split[i & (K - 1)]?.[1] ?? '', bodies[i & (K - 1)])],
    ['sort + join', (i) => [...(pairs[i & (K - 1)] ?? [])].sort().join('&').replaceAll(' ', '=')],
    [
      'percent-encode base string parts',
      (i) =>
        `POST&${percentEncode(base)}&${percentEncode(params[i & (K - 1)] ?? '')}&${percentEncode(nonce)}`,
    ],
    ['UTF-8 encode base string', (i) => encoder.encode(baseStrings[i & (K - 1)])],
    ['base64 of digest', () => toBase64(digest)],
    [
      'whole base string (signatureBase)',
      (i) => signatureBase('POST', urls[i & (K - 1)] ?? '', bodies[i & (K - 1)], nonce),
    ],
  ];
  const times: number[][] = stages.map(() => []);
  for (const [, fn] of stages) await timeSync(fn, N); // warm-up
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, [, fn]] of stages.entries()) times[i]?.push(await timeSync(fn, N));

  const keyBytes = encoder.encode(`${secret}&${token}`);
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  const data = encoder.encode(baseStrings[0]);
  const hmac = (): Promise<ArrayBuffer> => crypto.subtle.sign('HMAC', key, data);
  const calls = await calibrate(hmac, 64, 150);
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) rates.push(await measure(hmac, 64, calls));
  const hmacMicros = 1e6 / median(rates);

  log(`µs per call, median of ${ROUNDS} rounds of ${N.toLocaleString('en-US')} calls`);
  let sum = 0;
  for (const [i, [name]] of stages.entries()) {
    const t = median(times[i] ?? []);
    if (i < stages.length - 1) sum += t;
    log(`${name.padEnd(36)} ${t.toFixed(3).padStart(8)}`);
  }
  log(`${'sum of the stages above it'.padEnd(36)} ${sum.toFixed(3).padStart(8)}`);
  log(`${'HMAC at 64 in flight (1 / ceiling)'.padEnd(36)} ${hmacMicros.toFixed(3).padStart(8)}`);
  log(
    `work around the HMAC / HMAC: ${(sum / hmacMicros).toFixed(1)}x; 40% of the ceiling allows ${(1.5 * hmacMicros).toFixed(2)} µs`,
  );
}
