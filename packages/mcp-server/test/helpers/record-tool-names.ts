import {
  CONTACTS,
  RECORD_KINDS,
  type RecordKind,
  type RecordOperation,
  recordToolName,
} from '../../src/record-kinds.js';

// Tool names of the record kinds, derived from src/record-kinds.ts as the catalogue derives them, so a
// kind added there needs no list of names edited here.

const OPERATIONS: readonly RecordOperation[] = ['list', 'get', 'create', 'update', 'delete'];
const WRITE_OPERATIONS: readonly RecordOperation[] = ['create', 'update', 'delete'];

/** A kind's tools, in catalogue order (only the operations given, by default all). */
export function recordToolNames(kind: RecordKind, operations = OPERATIONS): string[] {
  return operations.filter((operation) => kind.tools[operation]).map((op) => recordToolName(kind, op));
}

/** Every record kind's tools, in catalogue order. */
export const RECORD_TOOL_NAMES: readonly string[] = RECORD_KINDS.flatMap((kind) => recordToolNames(kind));

/** Every record kind's write tools (create, update, delete), in catalogue order. */
export const RECORD_WRITE_TOOL_NAMES: readonly string[] = RECORD_KINDS.flatMap((kind) =>
  recordToolNames(kind, WRITE_OPERATIONS),
);

/** The contacts kind's tools: the one kind every variant has all five of. */
export const CONTACT_TOOL_NAMES: readonly string[] = recordToolNames(CONTACTS);
