import type { EncodedPair } from './form-pairs.js';

/**
 * Builds the parameter string: pairs sorted by encoded key then encoded value (plain code-unit order,
 * the same in every runtime and locale; see {@link EncodedPair}), repeated keys kept, joined as
 * `k=v&k=v`.
 */
export function parameterString(pairs: EncodedPair[]): string {
  return pairs.sort().join('&').replace(/ /g, '=');
}
