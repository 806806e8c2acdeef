/** A group of tools that `toolsets` can narrow the catalogue to. */
export type Toolset = 'contacts' | 'expenses' | 'incomes' | 'reference' | 'business';

/**
 * Every toolset, in catalogue order.
 *
 * @example
 * ```ts
 * import { TOOLSETS } from '@acctkit/mcp-server';
 * TOOLSETS.join(','); // 'business,contacts,expenses,incomes,reference'
 * ```
 */
export const TOOLSETS: readonly Toolset[] = ['business', 'contacts', 'expenses', 'incomes', 'reference'];

/**
 * Whether `value` names a toolset.
 *
 * @example
 * ```ts
 * import { isToolset } from '@acctkit/mcp-server';
 * 'contacts,banks'.split(',').filter((name) => !isToolset(name)); // ['banks']
 * ```
 */
export function isToolset(value: unknown): value is Toolset {
  return typeof value === 'string' && (TOOLSETS as readonly string[]).includes(value);
}
