// Signatures per second of a full sign() against baselines measured in the same run: the bare WebCrypto
// HMAC-SHA1 with a cached key over the same bytes (the ceiling) and importKey per call (what aws4fetch
// and jose do), plus two references (see the README's Performance section).
// Runtime-neutral: the runtime matrix calls `run` under Node 20/22/24, Deno, Bun, workerd and Chromium,
// and prints the machine's load beside each runtime's figures.
import { sign } from '../src/index.js';
import { calibrate, measure, median, min, now } from './clock.js';

/** Rounds at 64 in flight: each round takes one slice of every case in turn, so that a change of load
 * on the machine hits every case alike, and the share of the ceiling is taken within a round. */
const ROUNDS = 15;
const SEQUENTIAL_ROUNDS = 5;
const SLICE_MS = 150;
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

/** Per case, calls per second of each round, slices interleaved across cases. */
async function rounds(ops: (() => Promise<unknown>)[], inFlight: number, count: number): Promise<number[][]> {
  const calls: number[] = [];
  for (const op of ops) calls.push(await calibrate(op, inFlight, SLICE_MS));
  const slices: number[][] = ops.map(() => []);
  for (let round = 0; round < count; round++)
    for (const [i, op] of ops.entries()) slices[i]?.push(await measure(op, inFlight, calls[i] ?? 1));
  return slices;
}

/**
 * A loop that takes about `micros` µs, calibrated here (a timer cannot time it: browsers coarsen
 * `performance.now`, workerd's clock stands still). Models the least JavaScript any signer must run.
 */
async function calibrateSpin(micros: number): Promise<() => number> {
  let sink = 0;
  const loop = (n: number): number => {
    for (let i = 0; i < n; i++) sink = (sink * 31 + i) | 0;
    return sink;
  };
  const t0 = await now();
  loop(2e7);
  const perIteration = ((await now()) - t0) / 2e7;
  const n = Math.max(1, Math.round(micros / 1000 / perIteration));
  return () => loop(n);
}

const format = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(9);
const percent = (n: number): string => `${(n * 100).toFixed(0)}%`;

/** Measures and logs signatures per second, sequentially and with 64 in flight. */
export async function run(log: (line: string) => void): Promise<void> {
  const cached = await crypto.subtle.importKey('raw', keyBytes, HMAC, false, ['sign']);
  // The ceiling signs the same base string the full sign() builds, already encoded.
  const data = new TextEncoder().encode(
    (await sign({ ...input(), nonce: 'x'.repeat(43) }, credentials)).baseString,
  );
  let fresh = 0;
  const spin = await calibrateSpin(1);
  const cases: [string, () => Promise<unknown>][] = [
    ['sign()', () => sign(input(), credentials)],
    ['ceiling: subtle.sign, cached key', () => crypto.subtle.sign('HMAC', cached, data)],
    // What aws4fetch and jose do: the same base-string work as sign(), with the key imported on every
    // call (here by giving sign() a key it has never seen).
    [
      'importKey per call (full signer)',
      () => sign(input(), { ...credentials, accessToken: `t-${fresh++}` }),
    ],
    // The least work sign() can do: a GET without parameters.
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
  const ops = cases.map(([, op]) => op);
  const sequential = await rounds(ops, 1, SEQUENTIAL_ROUNDS);
  const parallel = await rounds(ops, IN_FLIGHT, ROUNDS);
  log(
    `calls per second; ${IN_FLIGHT} in flight: median and minimum of ${ROUNDS} interleaved rounds of ~${SLICE_MS} ms`,
  );
  log(`${''.padEnd(34)} ${'sequential'.padStart(10)} ${'median'.padStart(9)} ${'minimum'.padStart(9)}`);
  for (const [i, [name]] of cases.entries()) {
    const p = parallel[i] ?? [];
    log(`${name.padEnd(34)} ${format(median(sequential[i] ?? []))}  ${format(median(p))} ${format(min(p))}`);
  }
  // Shares within each round, where both slices saw the same load.
  const [full = [], ceiling = [], perCall = [], getOnly = [], spun = []] = parallel;
  const share = (of: number[]): number[] => of.map((n, r) => n / (ceiling[r] ?? 1));
  const line = (of: number[]): string =>
    `median ${percent(median(share(of)))}, minimum ${percent(min(share(of)))}`;
  log(`sign() / ceiling at ${IN_FLIGHT} in flight: ${line(full)} (target 40%)`);
  log(`  references: GET without parameters ${line(getOnly)}; ceiling + 1 µs of JavaScript ${line(spun)}`);
  const ratio = full.map((n, r) => n / (perCall[r] ?? 1));
  log(
    `sign() / importKey per call at ${IN_FLIGHT} in flight: median ${median(ratio).toFixed(2)}x, minimum ${min(ratio).toFixed(2)}x`,
  );
}
