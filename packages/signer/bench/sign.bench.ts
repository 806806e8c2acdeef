// Signatures per second for a full sign() against baselines measured in the same run: the bare
// WebCrypto HMAC-SHA1 with a cached key (the ceiling) and importKey per call (what aws4fetch and jose do),
// plus two references for the 70%-of-ceiling target (see the README's Performance section).
// Runtime-neutral: the runtime matrix calls `run` under Node, Deno, Bun and Chromium.
import { sign } from '../src/index.js';

/** Each measurement gets ROUNDS slices taken in turn across the cases, so that a load change on the
 * machine hits every case alike; the median slice is reported. */
const ROUNDS = 7;
const SLICE_MS = 200;
const WARMUP_MS = 500;
const IN_FLIGHT = 64;

const credentials = { signingSecret: 'TestSigningSecret', accessToken: 'a'.repeat(40) };
const url = 'https://api.example.test/accounts/v2/contacts?config_setting=foo';
const bareUrl = 'https://api.example.test/accounts/v2/contacts';
const body =
  'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=My+Customer&contact%5Bemail%5D=ann%40example.test';
/** Every call signs a different request (an incrementing id in the query and the body), as real traffic
 * does, so that no per-request cache could answer from memory. */
let id = 100000;
const input = (): { method: string; url: string; body: string } => {
  id++;
  return { method: 'POST', url: `${url}&page=${id}`, body: `${body}&contact%5Bid%5D=${id}` };
};
const keyBytes = new TextEncoder().encode(`${credentials.signingSecret}&${credentials.accessToken}`);
const HMAC = { name: 'HMAC', hash: 'SHA-1' } as const;

/** Calls `op` for `ms` milliseconds with `inFlight` calls pending at once; returns calls per second. */
async function measure(op: () => Promise<unknown>, inFlight: number, ms: number): Promise<number> {
  let done = 0;
  const end = performance.now() + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      await op();
      done++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return done / ((performance.now() - start) / 1000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** Median calls per second of each case at `inFlight`, slices interleaved across cases. */
async function rates(ops: (() => Promise<unknown>)[], inFlight: number): Promise<number[]> {
  for (const op of ops) await measure(op, inFlight, WARMUP_MS);
  const slices: number[][] = ops.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, op] of ops.entries()) slices[i]?.push(await measure(op, inFlight, SLICE_MS));
  return slices.map(median);
}

/**
 * A loop that takes about `micros` µs, calibrated here (a timer cannot time it: browsers coarsen
 * `performance.now`). Models the least JavaScript any signer must run per call.
 */
function calibrateSpin(micros: number): () => number {
  let sink = 0;
  const loop = (n: number): number => {
    for (let i = 0; i < n; i++) sink = (sink * 31 + i) | 0;
    return sink;
  };
  const t0 = performance.now();
  loop(2e7);
  const perIteration = (performance.now() - t0) / 2e7;
  const n = Math.max(1, Math.round(micros / 1000 / perIteration));
  return () => loop(n);
}

const format = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(10);

/** Measures and logs signatures per second, sequentially and with 64 in flight. */
export async function run(log: (line: string) => void): Promise<void> {
  const cached = await crypto.subtle.importKey('raw', keyBytes, HMAC, false, ['sign']);
  // The ceiling signs the same base string the full sign() builds, already encoded.
  const data = new TextEncoder().encode(
    (await sign({ ...input(), nonce: 'x'.repeat(43) }, credentials)).baseString,
  );
  let fresh = 0;
  const spin = calibrateSpin(1);
  const cases: [string, () => Promise<unknown>][] = [
    ['sign()', () => sign(input(), credentials)],
    ['ceiling: subtle.sign, cached key', () => crypto.subtle.sign('HMAC', cached, data)],
    [
      'bare importKey + sign (no base string)',
      async () =>
        crypto.subtle.sign(
          'HMAC',
          await crypto.subtle.importKey('raw', keyBytes, HMAC, false, ['sign']),
          data,
        ),
    ],
    // What aws4fetch and jose do: the same base-string work as sign(), with the key imported on every
    // call (here by giving sign() a key it has never seen). This is the importKey-per-call baseline.
    [
      'importKey per call (full signer)',
      () => sign(input(), { ...credentials, accessToken: `token-${fresh++}` }),
    ],
    // Two references for the 70% target. The least work sign() can do: a GET without parameters.
    ['sign(), GET without parameters', () => sign({ method: 'GET', url: bareUrl }, credentials)],
    // The ceiling with 1 µs of JavaScript before each call: what any signer pays for its own work.
    [
      'ceiling + 1 µs of JavaScript',
      () => {
        spin();
        return crypto.subtle.sign('HMAC', cached, data);
      },
    ],
  ];
  const sequential = await rates(
    cases.map(([, op]) => op),
    1,
  );
  const parallel = await rates(
    cases.map(([, op]) => op),
    IN_FLIGHT,
  );
  for (const [i, [name]] of cases.entries())
    log(
      `${name.padEnd(38)} ${format(sequential[i] ?? 0)} /s sequential  ${format(parallel[i] ?? 0)} /s at ${IN_FLIGHT} in flight`,
    );
  const [full = 0, ceiling = 1, bare = 1, perCall = 1, getOnly = 0, spun = 0] = parallel;
  const share = (n: number): string => `${((n / ceiling) * 100).toFixed(1)}%`;
  log(`sign() / ceiling at ${IN_FLIGHT} in flight: ${share(full)} (target 70%)`);
  log(`  references: GET without parameters ${share(getOnly)}, ceiling + 1 µs of JavaScript ${share(spun)}`);
  log(`sign() / importKey per call at ${IN_FLIGHT} in flight: ${(full / perCall).toFixed(2)}x (target > 1)`);
  log(`sign() / bare importKey + sign at ${IN_FLIGHT} in flight: ${(full / bare).toFixed(2)}x`);
}
