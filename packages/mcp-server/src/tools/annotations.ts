import type { Annotations } from '../tool-definition.js';

// Every tool talks to the accounting service, a closed system of record, not the open web.
/** Reads: no change, repeatable. */
export const READ: Annotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** Creates: adds a record each time. */
export const CREATE: Annotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
/** Updates: overwrite fields (destructive: old values are lost); the same call twice changes nothing more. */
export const UPDATE: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};
/** Deletes: destructive; deleting again finds nothing to delete. */
export const DELETE: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};
/** Undo: destructive (it deletes or overwrites); a second undo of the same entry is refused. */
export const UNDO: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};
