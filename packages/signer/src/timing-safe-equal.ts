/**
 * Compares two strings in time that depends only on `expected`'s length, so a caller cannot learn how
 * many leading characters of a guessed signature, OAuth `state` or token were right.
 *
 * @param actual - The value received.
 * @param expected - The value it must equal; its length sets the time taken.
 * @returns Whether the two are equal.
 * @example
 * ```ts
 * import { timingSafeEqual } from '@acctkit/signer';
 * declare const receivedState: string, storedState: string;
 * if (!timingSafeEqual(receivedState, storedState)) throw new Error('state mismatch');
 * ```
 */
export function timingSafeEqual(actual: string, expected: string): boolean {
  let diff = actual.length ^ expected.length;
  // charCodeAt past the end is NaN, and NaN ^ x is x: a short `actual` still differs.
  for (let i = 0; i < expected.length; i++) diff |= actual.charCodeAt(i) ^ expected.charCodeAt(i);
  return !diff;
}
