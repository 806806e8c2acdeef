import { percentDecode } from './percent-decode.js';
import { percentEncode } from './percent-encode.js';

/**
 * One parameter, key and value each percent-encoded, joined by a space: `"contact%5Bname%5D My%20Ann"`.
 * Encoded text never holds a space, and every character it can hold sorts above one, so a plain sort
 * of these strings orders by key and then by value, with no tuples and no comparator.
 */
export type EncodedPair = string;

/**
 * A request body that takes part in the signature: a form-urlencoded string, `URLSearchParams`, or an
 * object whose nested objects and arrays flatten to bracketed keys (`a[b][0]`).
 */
export type SignBody = string | URLSearchParams | object;

const pair = (key: string, value: string): EncodedPair => `${percentEncode(key)} ${percentEncode(value)}`;

/** Appends the pairs of a `k=v&k=v` string (a query without `?`, or a form body), decoding each part first. */
export function parseForm(text: string, out: EncodedPair[]): EncodedPair[] {
  if (text)
    for (const part of text.split('&')) {
      const i = part.indexOf('=');
      if (part)
        out.push(
          i < 0
            ? pair(percentDecode(part), '')
            : pair(percentDecode(part.slice(0, i)), percentDecode(part.slice(i + 1))),
        );
    }
  return out;
}

/** Appends the pairs of a body given to `sign`. */
export function bodyPairs(body: SignBody | null | undefined, out: EncodedPair[]): EncodedPair[] {
  if (typeof body === 'string') parseForm(body, out);
  else if (body instanceof URLSearchParams) for (const [k, v] of body) out.push(pair(k, v));
  else if (body) flatten(body, out);
  return out;
}

/**
 * Objects flatten to bracketed keys, arrays to indexed keys; `null` and `undefined` leave the key out
 * while `''`, `0` and `false` stay. Other values sign as `String(value)`.
 */
function flatten(body: object, out: EncodedPair[], prefix?: string): void {
  for (const [k, v] of Object.entries(body)) {
    const key = prefix === undefined ? k : `${prefix}[${k}]`;
    if (typeof v === 'object' && v) flatten(v, out, key);
    else if (v != null) out.push(pair(key, String(v)));
  }
}
