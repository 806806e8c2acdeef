import { percentEncode } from '@acctkit/signer';
import { AccountingError } from './accounting-error.js';

/**
 * Serializes a request body to `application/x-www-form-urlencoded`: nested objects become bracketed
 * keys (`{ contact: { main_address: { town: 'X' } } }` → `contact[main_address][town]=X`), arrays are
 * indexed (`a[0]`, `a[1]`), `null` and `undefined` are left out, booleans are `true`/`false`. Keys and
 * values are percent-encoded by RFC 3986 (space is `%20`), the form the signer signs byte for byte.
 *
 * @param body - A plain object (or a string or `URLSearchParams`, passed through).
 * @returns The encoded form.
 * @throws AccountingError `INVALID_ARGUMENT` for a value that has no form representation.
 * @example
 * ```ts
 * import { formBody } from '@acctkit/client';
 * formBody({ contact: { name: 'Ann Lee', contact_type_id: 1 } });
 * // 'contact%5Bname%5D=Ann%20Lee&contact%5Bcontact_type_id%5D=1'
 * ```
 */
export function formBody(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (!isPlainObject(body)) throw invalid('the body');
  const pairs: string[] = [];
  flatten(body, '', pairs);
  return pairs.join('&');
}

function flatten(value: unknown, key: string, pairs: string[]): void {
  if (value === null || value === undefined) return;
  // Arrays flatten like objects whose keys are the indexes: `a[0]`, `a[1]`.
  if (Array.isArray(value) || isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, key ? `${key}[${k}]` : k, pairs);
    return;
  }
  // string, number, bigint and boolean; not symbol, function or object; and no NaN or Infinity.
  if (!/^[bns][^y]/.test(typeof value) || (typeof value === 'number' && !Number.isFinite(value)))
    throw invalid(key);
  pairs.push(`${percentEncode(key)}=${percentEncode(String(value))}`);
}

// The prototypes of plain objects; a primitive's is its wrapper's (`Number.prototype`, …).
const PLAIN: unknown[] = [Object.prototype, null];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value != null && PLAIN.includes(Object.getPrototypeOf(value));
}

function invalid(where: string): AccountingError {
  return new AccountingError(
    'INVALID_ARGUMENT',
    `Cannot send ${where} as a form field: use strings, numbers, booleans, plain objects and arrays.`,
  );
}
