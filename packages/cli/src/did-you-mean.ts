import { closestMatch } from 'leven';

/**
 * The candidate a mistyped `input` most likely meant, or `undefined`. A candidate qualifies, in this
 * order, by one swap of two neighbouring letters (`sing`), by Levenshtein distance (one edit for words
 * up to 5 letters, two up to 11, three beyond: `conections`, `pagniate`), or as the only candidate
 * that starts with an input of 3 or more letters (`conn`).
 *
 * @param input - What was typed, without leading dashes.
 * @param candidates - The names that exist.
 * @returns The closest name, or `undefined` when none is close enough to suggest.
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const typed = input.toLowerCase();
  if (typed === '') return undefined;
  // Levenshtein counts a swap as two edits, too many for a short word; it is the commonest slip.
  const swapped = candidates.find((c) => isOneSwapAway(typed, c));
  if (swapped !== undefined) return swapped;
  const maxDistance = typed.length <= 5 ? 1 : typed.length <= 11 ? 2 : 3;
  const close = closestMatch(typed, candidates, { maxDistance });
  if (close !== undefined) return close;
  const prefixed = typed.length >= 3 ? candidates.filter((c) => c.startsWith(typed)) : [];
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** Whether `a` becomes `b` by swapping two neighbouring characters. */
function isOneSwapAway(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((ch, i) => ch !== b[i]);
  return (
    at !== -1 &&
    at + 1 < a.length &&
    a[at] === b[at + 1] &&
    a[at + 1] === b[at] &&
    a.slice(at + 2) === b.slice(at + 2)
  );
}
