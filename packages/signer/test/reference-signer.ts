// The signing rules written out as plainly as possible, with none of the package's speed-ups: every
// string through TextEncoder, every parameter decoded and encoded, pairs sorted with a comparator, a key
// imported per call. Tests hold the package to it (reference.test.ts); it is not part of the package.
import { encodeForm, type SignBody } from '../src/index.js';

/** An unpaired UTF-16 surrogate: it has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** RFC 3986 byte by byte; throws on a lone surrogate (as the package does, with its own error). */
export function referencePercentEncode(value: string): string {
  if (LONE_SURROGATE.test(value)) throw new Error('lone surrogate');
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `+` is a space, `%XX` are UTF-8 bytes; a broken escape throws. */
export function referencePercentDecode(value: string): string {
  return decodeURIComponent(value.replaceAll('+', ' '));
}

/** Every `k=v` part of a query or form body (empty parts skipped), decoded and re-encoded. */
function pairsOf(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    pairs.push([
      referencePercentEncode(referencePercentDecode(key)),
      referencePercentEncode(referencePercentDecode(value)),
    ]);
  }
  return pairs;
}

export interface ReferenceResult {
  baseUrl: string;
  parameterString: string;
  baseString: string;
  signature: string;
}

/** The signature of a request by the rules of the package README ("The signing rules"). */
export async function referenceSign(
  method: string,
  url: string,
  body: SignBody | null | undefined,
  nonce: string,
  signingSecret: string,
  accessToken: string,
): Promise<ReferenceResult> {
  const u = new URL(url);
  const host = u.host.replace(/:(443|80)$/, '');
  const baseUrl = `https://${host}${u.pathname}`;
  const pairs = [...pairsOf(u.search.slice(1)), ...pairsOf(body ? encodeForm(body) : '')];
  const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  pairs.sort(([ka, va], [kb, vb]) => byCodeUnit(ka, kb) || byCodeUnit(va, vb));
  const parameterString = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const baseString = [
    method.toUpperCase(),
    referencePercentEncode(baseUrl),
    referencePercentEncode(parameterString),
    referencePercentEncode(nonce),
  ].join('&');
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`${signingSecret}&${accessToken}`),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(baseString)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return { baseUrl, parameterString, baseString, signature: btoa(binary) };
}
