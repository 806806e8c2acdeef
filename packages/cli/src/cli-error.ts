/**
 * Stable codes of {@link CliError}, and the exit code each leaves the process with:
 *
 * - `USAGE` (2): unknown command or option, missing or malformed argument.
 * - `CONFIG` (3): a setting is missing (base URL, client id, a secret) or the config file is damaged.
 * - `CONNECTION` (3): no connection of that name, none at all, or several and none chosen.
 * - `LOGIN` (3): the authorization was denied, its `state` did not match, the code exchange failed,
 *   or no browser could be opened (use `--no-browser`).
 * - `AUTH` (3): the stored grant is revoked or expired (`invalid_grant`): log in again.
 * - `NETWORK` (3): the service could not be reached.
 * - `HTTP` (1): the service answered 4xx or 5xx.
 * - `SIGNATURE` (1): `debug-signature` found a difference.
 * - `STATEMENT` (2): `reconcile` cannot read the statement file: missing, not a statement, or malformed
 *   (the message names the line or element).
 * - `BANK_ACCOUNT` (2): `reconcile` found no bank account of the books for the statement (or several),
 *   or none with the `--account` given.
 * - `BOOKING` (1): `reconcile --book` could not book some lines (the service refused them).
 */
export type CliErrorCode =
  | 'USAGE'
  | 'CONFIG'
  | 'CONNECTION'
  | 'LOGIN'
  | 'AUTH'
  | 'NETWORK'
  | 'HTTP'
  | 'SIGNATURE'
  | 'STATEMENT'
  | 'BANK_ACCOUNT'
  | 'BOOKING';

const EXIT: Record<CliErrorCode, number> = {
  USAGE: 2,
  CONFIG: 3,
  CONNECTION: 3,
  LOGIN: 3,
  AUTH: 3,
  NETWORK: 3,
  HTTP: 1,
  SIGNATURE: 1,
  STATEMENT: 2,
  BANK_ACCOUNT: 2,
  BOOKING: 1,
};

/**
 * An error the CLI reports as one line on stderr (`acctkit: <message>`) before exiting with
 * {@link CliError.exitCode}. Messages never hold a secret or a token.
 *
 * @example
 * ```ts
 * import { CliError } from '@acctkit/cli';
 * throw new CliError('USAGE', 'request needs METHOD and PATH.');
 * ```
 */
export class CliError extends Error {
  /** Stable machine-readable reason. */
  declare readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.code = code;
  }

  /** The process exit code for this error. */
  get exitCode(): number {
    return EXIT[this.code];
  }
}
