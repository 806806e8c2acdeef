/** Vitest setup file: hands the global setup's sandbox to the suites the way the runtime matrix does. */
import { SANDBOX_ENV } from './sandbox-env.js';

const given = process.env[SANDBOX_ENV];
if (given !== undefined)
  (globalThis as { __ACCTKIT_SANDBOX__?: unknown }).__ACCTKIT_SANDBOX__ = JSON.parse(given);
