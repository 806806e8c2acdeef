import type { BusinessConnection } from './business-connection.js';
import { type RecordKind, type RecordOperation, recordToolName } from './record-kinds.js';

type Variant = BusinessConnection['variant'];

/** The operations of each variant's spec, as `METHOD /path` (`GET /accounts/v2/contacts/{id}`). */
export type SpecOperations = Readonly<Record<Variant, readonly string[]>>;

/** The method of each record tool, and whether it acts on `<path>/{id}` rather than the collection. */
const OPERATIONS: Readonly<Record<RecordOperation, { readonly method: string; readonly item: boolean }>> = {
  list: { method: 'GET', item: false },
  get: { method: 'GET', item: true },
  create: { method: 'POST', item: false },
  update: { method: 'PUT', item: true },
  delete: { method: 'DELETE', item: true },
};

/** The spec operation a record kind's tool calls: `PUT /accounts/v2/contacts/{id}` for `update`. */
export function specOperation(kind: RecordKind, operation: RecordOperation): string {
  const { method, item } = OPERATIONS[operation];
  return `${method} ${kind.path}${item ? '/{id}' : ''}`;
}

/**
 * Checks that every tool a record kind names calls an operation the spec of each variant has, so a
 * kind cannot list a tool that would only ever answer "No such record".
 *
 * @param operations - Each variant's operations: `SPEC_OPERATIONS`, generated from the bundled spec
 *   (passed in, as the generator checks the kinds before it writes that table).
 * @throws TypeError naming the kind, the tool and the missing operation.
 */
export function checkRecordKinds(kinds: readonly RecordKind[], operations: SpecOperations): void {
  const byVariant = Object.entries(operations).map(([variant, ops]) => [variant, new Set(ops)] as const);
  for (const kind of kinds)
    for (const operation of Object.keys(OPERATIONS) as RecordOperation[]) {
      if (!kind.tools[operation]) continue;
      const wanted = specOperation(kind, operation);
      for (const [variant, ops] of byVariant)
        if (!ops.has(wanted))
          throw new TypeError(
            `Record kind '${kind.name}' has ${recordToolName(kind, operation)}, but the ${variant} spec has no ${wanted}: remove the tool from the kind in src/record-kinds.ts or add the operation to the spec.`,
          );
    }
}
