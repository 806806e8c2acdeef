import { AccountingError } from '../accounting-error.js';

/**
 * Why a connection store failed, on {@link ConnectionStoreError}:
 *
 * - `unreadable`: the file exists but cannot be read (permissions, a folder in its place).
 * - `corrupt`: the file is not a connection file (bad JSON or shape); it is left as it is.
 * - `unwritable`: the file or its folder cannot be written.
 * - `locked`: another process held the file's lock for too long.
 * - `not_found`: no connection has that name.
 * - `exists`: a connection of that name already exists (rename).
 * - `invalid_name`: a name that is empty, too long or has characters other than letters, digits, `.`, `_`, `-`.
 */
export type ConnectionStoreFailure =
  | 'unreadable'
  | 'corrupt'
  | 'unwritable'
  | 'locked'
  | 'not_found'
  | 'exists'
  | 'invalid_name';

/**
 * A connection store could not do what was asked. Its `code` is `STORE_FAILED` (so it is an
 * `AccountingError` like every client error); `reason` says why and `file` names the store's file.
 * Messages name the file and the connection, never a token.
 *
 * @example
 * ```ts
 * import { ConnectionStoreError, openConnectionStore } from '@acctkit/client/node';
 * try {
 *   await openConnectionStore().list();
 * } catch (err) {
 *   if (err instanceof ConnectionStoreError && err.reason === 'corrupt') {
 *     // fix or move err.file away
 *   }
 * }
 * ```
 */
export class ConnectionStoreError extends AccountingError {
  declare readonly code: 'STORE_FAILED';
  /** Why it failed. */
  declare readonly reason: ConnectionStoreFailure;
  /** The store's file. */
  declare readonly file: string;

  constructor(reason: ConnectionStoreFailure, file: string, message: string, options?: { cause?: unknown }) {
    super('STORE_FAILED', message, options);
    this.name = 'ConnectionStoreError';
    this.reason = reason;
    this.file = file;
  }
}
