// Everything exported from this file is public API; everything else is internal.
export { CliError, type CliErrorCode } from './cli-error.js';
export type { Io, Output } from './io.js';
export { run } from './run.js';
