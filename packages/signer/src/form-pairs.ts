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
 * A query or form body already in its signed form but for `+`: `k=v` parts joined by `&`, each key and
 * value made of unreserved characters, `+`, and upper-case escapes of the punctuation that encoding
 * keeps escaped (space to `/`, `:` to `@`, `[` to `^`; not letters, digits, `-`, `.`, `_` or `~`).
 * Most real queries and form bodies are written so; decoding and re-encoding them would change
 * nothing, so one test of the whole text stands in for a decode and an encode of every key and value.
 * Anything else (lower-case hex, UTF-8 escapes, raw characters, a part without `=` or with two, an
 * empty part) takes the decode-then-encode path, which gives the same pairs more slowly. Read as: parts
 * `key=value`, each but the last followed by `&`.
 */
const CANONICAL =
  /^(?:(?:[\w.~+-]|%(?:2[\dA-CF]|3[A-F]|40|5[B-E]))*=(?:[\w.~+-]|%(?:2[\dA-CF]|3[A-F]|40|5[B-E]))*&)*(?:[\w.~+-]|%(?:2[\dA-CF]|3[A-F]|40|5[B-E]))*=(?:[\w.~+-]|%(?:2[\dA-CF]|3[A-F]|40|5[B-E]))*$/;

const recode = (raw: string): string => percentEncode(percentDecode(raw));

/** The pairs of a `k=v&k=v` string (a query without `?`, or a form body), each part decoded first. */
const parseForm = (text: string): EncodedPair[] =>
  CANONICAL.test(text)
    ? text.replaceAll('+', '%20').replaceAll('=', ' ').split('&')
    : text
        .split('&')
        .filter(Boolean)
        // The key ends at the first `=`; without one, the value is empty.
        .map((part) => {
          const [key = '', ...value] = part.split('=');
          return `${recode(key)} ${recode(value.join('='))}`;
        });

/**
 * The pairs of a query and of a body given to `sign`. `URLSearchParams` is read through its own
 * serialization, which parses back to exactly its pairs.
 */
export function formPairs(query: string, body: SignBody | null | undefined): EncodedPair[] {
  const out = parseForm(query);
  if (typeof body === 'string' || body instanceof URLSearchParams) return out.concat(parseForm(`${body}`));
  if (body) flatten(body, out);
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
