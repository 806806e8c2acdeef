// Ways to do the costliest stages, timed side by side in the runtime that runs this module: what the
// README's Performance section cites when it weighs a speed-up against the 2 KB size budget.
// `pnpm --filter @acctkit/signer bench:variants` runs it in every runtime of the matrix.
import { median, timeSync } from './clock.js';

const SUB = /[!'()]/g;
const ref = (v: string): string => encodeURIComponent(v).replace(SUB, escape).replaceAll('*', '%2A');
const ESC = Array.from({ length: 128 }, (_, c) =>
  /[\w.~-]/.test(String.fromCharCode(c)) ? '' : `%${c < 16 ? 0 : ''}${c.toString(16).toUpperCase()}`,
);
const slices = (value: string): string => {
  let out = '';
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const e = ESC[value.charCodeAt(i)];
    if (e === undefined) return out + value.slice(from, i) + ref(value.slice(i));
    if (e) {
      out += value.slice(from, i) + e;
      from = i + 1;
    }
  }
  return out + value.slice(from);
};
const RESERVED = /[!'()*]/;
const guarded = (v: string): string => {
  const e = encodeURIComponent(v);
  return RESERVED.test(e) ? e.replace(SUB, escape).replaceAll('*', '%2A') : e;
};
const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const table64 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out +=
      b64.charAt(n >> 18) +
      b64.charAt((n >> 12) & 63) +
      (i + 1 < bytes.length ? b64.charAt((n >> 6) & 63) : '=') +
      (i + 2 < bytes.length ? b64.charAt(n & 63) : '=');
  }
  return out;
};
const apply64 = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode.apply(null, bytes as unknown as number[]));
const loop64 = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

/** Logs µs per call of each variant, median of 5 rounds of 20,000 calls. */
export async function run(log: (line: string) => void): Promise<void> {
  const params = Array.from(
    { length: 256 },
    (_, i) =>
      `config_setting=foo&contact%5Bcontact_type_id%5D=1&contact%5Bemail%5D=ann%40example.test&contact%5Bid%5D=${100000 + i}&contact%5Bname%5D=My%20Customer&page=${100000 + i}`,
  );
  const base = 'https://api.example.test/accounts/v2/contacts';
  const digest = crypto.getRandomValues(new Uint8Array(20));
  const enc = new TextEncoder();
  const buf = new Uint8Array(1024);
  const pairs = params.map((p) =>
    p
      .split('&')
      .map((x) => x.replace('=', ' '))
      .reverse(),
  );
  const cases: [string, (i: number) => unknown][] = [
    ['pct params: reference', (i) => ref(params[i & 255] ?? '')],
    ['pct params: table + slices', (i) => slices(params[i & 255] ?? '')],
    ['pct params: guarded native', (i) => guarded(params[i & 255] ?? '')],
    [
      'pct params: 3x replaceAll',
      (i) => (params[i & 255] ?? '').replaceAll('%', '%25').replaceAll('=', '%3D').replaceAll('&', '%26'),
    ],
    ['pct base: reference', () => ref(base)],
    ['pct base: table + slices', () => slices(base)],
    ['pct base: guarded native', () => guarded(base)],
    ['base64: apply + btoa', () => apply64(digest)],
    ['base64: loop + btoa', () => loop64(digest)],
    ['base64: table', () => table64(digest)],
    ['utf8: encode', (i) => enc.encode(params[i & 255])],
    ['utf8: encodeInto shared', (i) => enc.encodeInto(params[i & 255] ?? '', buf).written],
    [
      'utf8: encodeInto fresh x3',
      (i) => {
        const s = params[i & 255] ?? '';
        const b = new Uint8Array(s.length * 3);
        return b.subarray(0, enc.encodeInto(s, b).written);
      },
    ],
    [
      'utf8: charCode loop',
      (i) => {
        const s = params[i & 255] ?? '';
        const b = new Uint8Array(s.length);
        for (let j = 0; j < s.length; j++) b[j] = s.charCodeAt(j);
        return b;
      },
    ],
    ['sort: default', (i) => [...(pairs[i & 255] ?? [])].sort()],
    ['sort: comparator', (i) => [...(pairs[i & 255] ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))],
    [
      'sort: insertion',
      (i) => {
        const a = [...(pairs[i & 255] ?? [])];
        for (let j = 1; j < a.length; j++) {
          const x = a[j] as string;
          let k = j;
          for (; k > 0 && (a[k - 1] as string) > x; k--) a[k] = a[k - 1] as string;
          a[k] = x;
        }
        return a;
      },
    ],
    ['new URL', (i) => new URL(`${base}?page=${i}`).pathname],
  ];
  const times: number[][] = cases.map(() => []);
  for (const [, fn] of cases) await timeSync(fn, 20000);
  for (let r = 0; r < 5; r++)
    for (const [i, [, fn]] of cases.entries()) times[i]?.push(await timeSync(fn, 20000));
  for (const [i, [name]] of cases.entries())
    log(`${name.padEnd(30)} ${median(times[i] ?? []).toFixed(3)} µs`);
}
