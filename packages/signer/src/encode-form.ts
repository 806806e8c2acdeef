import { percentEncode } from './percent-encode.js';
import { SignerError } from './signer-error.js';

/**
 * A request body that takes part in the signature: a form-urlencoded string, `URLSearchParams`, or an
 * object whose nested objects and arrays flatten to bracketed keys (`a[b][0]`).
 */
export type SignBody = string | URLSearchParams | object;

// The prototypes of plain objects and arrays.
const PLAIN = [Object.prototype, Array.prototype, null];

/**
 * Encodes a request body as `application/x-www-form-urlencoded`, the form the service reads and
 * the signer signs byte for byte: nested objects become bracketed keys
 * (`{ contact: { main_address: { town: 'X' } } }` → `contact[main_address][town]=X`, brackets
 * percent-encoded), arrays are indexed (`a[0]`, `a[1]`), `null` and `undefined` leave the key out while
 * `''`, `0` and `false` stay; keys and values are percent-encoded by RFC 3986 (space is `%20`).
 *
 * @param body - A plain object (or array) of strings, numbers, booleans, bigints, arrays and objects;
 *   a string or `URLSearchParams` is returned as its text.
 * @returns The encoded form, `k=v` pairs joined by `&` in the object's key order.
 * @throws SignerError `INVALID_BODY` for a value with no form representation (a `Date`, a `Map`, a
 *   function, a symbol) rather than dropping it or sending whatever `String` makes of it. Numbers are
 *   sent as `String` gives them, `NaN` as `NaN`: the service answers such a field with a validation
 *   error.
 * @example
 * ```ts
 * import { encodeForm } from '@acctkit/signer';
 * encodeForm({ contact: { name: 'Ann Lee', contact_type_id: 1 } });
 * // 'contact%5Bname%5D=Ann%20Lee&contact%5Bcontact_type_id%5D=1'
 * ```
 */
export function encodeForm(body: SignBody): string {
  return typeof body === 'string' || body instanceof URLSearchParams ? `${body}` : flatten(body).join('&');
}

/** `k=v` pairs of a value under `key` (`''` at the top, where only objects and arrays may stand). */
const flatten = (value: unknown, key = ''): string[] =>
  value == null
    ? []
    : PLAIN.includes(Object.getPrototypeOf(value))
      ? Object.keys(value).flatMap((k) => flatten(value[k as never], key ? `${key}[${k}]` : k))
      : // number, bigint, boolean and string; not symbol, function or object.
        key && /^[bns][^y]/.test(typeof value)
        ? [`${percentEncode(key)}=${percentEncode(`${value}`)}`]
        : invalid();

const invalid = (): never => {
  throw new SignerError('INVALID_BODY', 'Bad body value');
};
