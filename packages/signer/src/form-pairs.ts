import { encodeForm, type SignBody } from './encode-form.js';
import { percentDecode } from './percent-decode.js';
import { percentEncode } from './percent-encode.js';

/**
 * One parameter, key and value each percent-encoded, joined by a space: `"contact%5Bname%5D My%20Ann"`.
 * Encoded text never holds a space, and every character it can hold sorts above one, so a plain sort
 * of these strings orders by key and then by value, with no tuples and no comparator.
 */
export type EncodedPair = string;

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

/** A key or value as sent (`+` a space, `%XX` UTF-8 bytes) in its signed form. */
const recode = (raw: string): string => percentEncode(percentDecode(raw));

/** The pairs of a `k=v&k=v` string (a query without `?`, or a form body), each part decoded first. */
const parseForm = (text: string): EncodedPair[] =>
  CANONICAL.test(text)
    ? text.replaceAll('+', '%20').replaceAll('=', ' ').split('&')
    : text
        .split('&')
        .filter(Boolean)
        .map((part) => {
          // The key ends at the first `=`; without one (-1, read unsigned as past the end) the value is empty.
          const eq = part.indexOf('=') >>> 0;
          return `${recode(part.slice(0, eq))} ${recode(part.slice(eq + 1))}`;
        });

/**
 * The pairs of a query and of a body given to `sign`. `URLSearchParams` is read through its own
 * serialization, which parses back to exactly its pairs; an object through {@link encodeForm}.
 */
export function formPairs(query: string, body: SignBody | null | undefined): EncodedPair[] {
  return parseForm(query).concat(parseForm(body ? encodeForm(body) : ''));
}
