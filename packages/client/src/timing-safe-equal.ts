/** Compares two strings in time that depends only on `expected`'s length. */
export function timingSafeEqualString(actual: string, expected: string): boolean {
  let diff = actual.length ^ expected.length;
  // charCodeAt past the end is NaN, and NaN ^ x is x: a short `actual` still differs.
  for (let i = 0; i < expected.length; i++) diff |= actual.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}
