import { AccountingError } from '../accounting-error.js';

/**
 * Why the app config failed, on {@link AppConfigError}:
 *
 * - `unreadable`: the config file exists but cannot be read (permissions, a folder in its place).
 * - `corrupt`: the config file is not valid JSON or not of the config's shape; the message names the field.
 * - `missing_secrets`: a connection's client secret or signing secret is set nowhere.
 */
export type AppConfigFailure = 'unreadable' | 'corrupt' | 'missing_secrets';

/**
 * The app config file could not be used, or a connection's app secrets are set nowhere. Its `code` is
 * `CONFIG_FAILED` (an `AccountingError` like every client error); `reason` says why and `file` names
 * the config file. Messages say what to fix and never hold a secret.
 *
 * @example
 * ```ts
 * import { AppConfigError, loadAppConfig } from '@acctkit/client/node';
 * try {
 *   await loadAppConfig();
 * } catch (err) {
 *   if (err instanceof AppConfigError && err.reason === 'corrupt') {
 *     // fix err.file
 *   }
 * }
 * ```
 */
export class AppConfigError extends AccountingError {
  declare readonly code: 'CONFIG_FAILED';
  /** Why it failed. */
  declare readonly reason: AppConfigFailure;
  /** The config file. */
  declare readonly file: string;

  constructor(reason: AppConfigFailure, file: string, message: string, options?: { cause?: unknown }) {
    super('CONFIG_FAILED', message, options);
    this.name = 'AppConfigError';
    this.reason = reason;
    this.file = file;
  }
}
