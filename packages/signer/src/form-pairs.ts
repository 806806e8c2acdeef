import { percentDecode } from './percent-decode.js';
import { percentEncode } from './percent-encode.js';
import { SignerError } from './signer-error.js';

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

/**
 * Text already in its signed form but for `+`: unreserved characters, `+`, and upper-case escapes of
 * the punctuation that encoding keeps escaped (space to `/`, `:` to `@`, `[` to `^`; not letters,
 * digits, `-`, `.`, `_` or `~`). Most real queries and form bodies are written so; decoding and
 * re-encoding them would change nothing. Anything else (lower-case hex, UTF-8 escapes, raw
 * characters) takes the decode-then-encode path, which gives the same result more slowly.
 */
const CANONICAL = /^(?:[\w.~+-]|%(?:2[\dA-CF]|3[A-F]|40|5[B-E]))*$/;

/** Decodes then encodes one raw query or form component, skipping both when the result is known. */
const recode = (raw: string): string =>
  CANONICAL.test(raw) ? raw.replaceAll('+', '%20') : percentEncode(percentDecode(raw));

/** Appends the pairs of a `k=v&k=v` string (a query without `?`, or a form body), decoding each part first. */
export function parseForm(text: string, out: EncodedPair[]): EncodedPair[] {
  for (const part of text.split('&')) {
    // Without `=`, -1 >>> 0 is past the end: the whole part is the key and the value is empty.
    const i = part.indexOf('=') >>> 0;
    if (part) out.push(`${recode(part.slice(0, i))} ${recode(part.slice(i + 1))}`);
  }
  return out;
}

/**
 * The pairs of a query and of a body given to `sign`. `URLSearchParams` is read through its own
 * serialization, which parses back to exactly its pairs.
 */
export function formPairs(query: string, body: SignBody | null | undefined): EncodedPair[] {
  const out = parseForm(query, []);
  if (typeof body === 'string' || body instanceof URLSearchParams) parseForm(`${body}`, out);
  else if (body) flatten(body, out);
  return out;
}

// The prototypes of plain objects and arrays.
const PLAIN = [Object.prototype, Array.prototype, null];

/**
 * Plain objects flatten to bracketed keys, arrays to indexed keys; `null` and `undefined` leave the key
 * out while `''`, `0` and `false` stay; strings, numbers, booleans and bigints sign as `String(value)`.
 * Anything else (a `Date`, a `Map`, a function, a symbol) throws `INVALID_BODY` rather than being
 * dropped or signed as whatever `String` makes of it.
 */
function flatten(value: unknown, out: EncodedPair[], key?: string): void {
  if (value != null)
    if (PLAIN.includes(Object.getPrototypeOf(value)))
      for (const [k, v] of Object.entries(value)) flatten(v, out, key === undefined ? k : `${key}[${k}]`);
    // number, bigint, boolean and string; not symbol, function or object.
    else if (key !== undefined && /^[bns][^y]/.test(typeof value))
      out.push(`${percentEncode(key)} ${percentEncode(`${value}`)}`);
    else throw new SignerError('INVALID_BODY', 'Bad body value');
}
