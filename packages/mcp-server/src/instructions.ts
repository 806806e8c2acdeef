import type { BusinessConnection } from './business-connection.js';
import type { ToolDefinition } from './tool-definition.js';

/** The server's `instructions`: mode, businesses, and the rules an agent needs. */
export function serverInstructions(
  connections: readonly BusinessConnection[],
  tools: readonly ToolDefinition[],
  readOnly: boolean,
): string {
  const businesses = connections
    .map(
      (c) =>
        // The business's name only when known without a request: the instructions go out in the first reply.
        `${c.name} (${c.businessName === undefined ? '' : `${c.businessName}, `}${c.variant}, ${c.scope === 'readonly' ? 'read-only' : 'full access'})`,
    )
    .join('; ');
  const writes = tools.some((t) => t.write);
  return [
    `acctkit: the books of ${connections.length === 1 ? 'one small business' : `${connections.length} small businesses`}.`,
    `Mode: ${
      readOnly || !writes
        ? 'read-only (no tool changes data)'
        : connections.some((c) => c.scope === 'readonly')
          ? 'read and write (writes only on full-access businesses)'
          : 'read and write'
    }.`,
    `Businesses: ${businesses}.${connections.length > 1 ? ' Every tool needs business set to one of these names.' : ''}`,
    'Rules: dates are YYYY-MM-DD in and out; amounts are decimal strings such as "119.00", never numbers.',
    new Set(connections.map((c) => c.variant)).size > 1
      ? 'An argument described "de: …" or "pt: …" exists only for businesses of that variant.'
      : '',
    'Ids come from the list_ tools (list_reference gives the reference ids); lists page with limit and cursor.',
    writes
      ? 'Deleting, or changing amounts, asks the user to confirm; without a confirmation form pass confirm: true only after the user agreed. Use dry_run: true to check a create or update without sending it.'
      : '',
    writes
      ? 'Give every create an idempotency_key (e.g. the receipt number) and reuse it when you retry: a create already made answers already_created. POSSIBLE_DUPLICATE means an equal record was just made: ask the user before allow_duplicate: true. To take a change back, find it with list_changes and call undo_change.'
      : '',
    'Totals over a period: summarize_transactions, not paging raw records.',
  ]
    .filter(Boolean)
    .join('\n');
}
