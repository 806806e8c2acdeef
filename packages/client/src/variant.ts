import type { paths as DePaths } from '@acctkit/openapi/de';
import type { paths as PtPaths } from '@acctkit/openapi/pt';
import { AccountingError } from './accounting-error.js';

/** The regional variant: `de` is Variant A (German data), `pt` is Variant B (Portuguese data). */
export type Variant = 'de' | 'pt';

/** The generated `paths` of a variant. */
export type PathsOf<V extends Variant> = V extends 'de' ? DePaths : PtPaths;

/**
 * The variant for the two-letter `country` of the authorization callback.
 *
 * @param country - The callback's `country` (`de`, `pt`; any case).
 * @returns `'de'` or `'pt'`.
 * @throws AccountingError `UNKNOWN_COUNTRY` for any other country.
 * @example
 * ```ts
 * import { variantFromCountry } from '@acctkit/client';
 * variantFromCountry('pt'); // 'pt'
 * ```
 */
export function variantFromCountry(country: string): Variant {
  // The country is the variant's name (G1 in openapi/DECISIONS.md).
  const variant = country.toLowerCase();
  if (!isVariant(variant))
    throw new AccountingError(
      'UNKNOWN_COUNTRY',
      `Country '${country.slice(0, 8)}' is not supported: only 'de' (Variant A) and 'pt' (Variant B) are. Upgrade @acctkit/client.`,
    );
  return variant;
}

/** Whether `value` is a known variant. */
export function isVariant(value: unknown): value is Variant {
  return value === 'de' || value === 'pt';
}
