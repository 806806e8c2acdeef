/** A group of tools that `toolsets` can narrow the catalogue to. */
export type Toolset = 'contacts' | 'expenses' | 'incomes' | 'reference' | 'business';

/** Every toolset, in catalogue order. */
export const TOOLSETS: readonly Toolset[] = ['business', 'contacts', 'expenses', 'incomes', 'reference'];

/** Whether `value` names a toolset. */
export function isToolset(value: unknown): value is Toolset {
  return typeof value === 'string' && (TOOLSETS as readonly string[]).includes(value);
}
