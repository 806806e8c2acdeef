import { RECORD_KINDS, type RecordKind, type RecordKindName } from './record-kinds.js';

/**
 * A group of tools that `toolsets` can narrow the catalogue to: `business`, a record kind,
 * `reference`, `reconcile` (bank statements), `changes` (the journal and undo).
 */
export type Toolset = 'business' | RecordKindName | 'reference' | 'reconcile' | 'changes';

/**
 * Every toolset, in catalogue order: the business tools, one toolset per record kind, the reference
 * lists, bank reconciliation, the change journal.
 *
 * @example
 * ```ts
 * import { TOOLSETS } from '@acctkit/mcp-server';
 * TOOLSETS.join(','); // 'business,contacts,expenses,incomes,reference,reconcile,changes'
 * ```
 */
export const TOOLSETS: readonly Toolset[] = toolsetsOf(RECORD_KINDS);

/** The toolsets of a catalogue with these record kinds, in catalogue order. */
export function toolsetsOf<Name extends string>(
  kinds: readonly RecordKind<Name>[],
): ('business' | Name | 'reference' | 'reconcile' | 'changes')[] {
  return ['business', ...kinds.map((kind) => kind.name), 'reference', 'reconcile', 'changes'];
}

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
