/** Vitest setup file: hands the global setup's sandbox to the runtime-neutral suites the way the matrix does. */
import { inject } from 'vitest';

(globalThis as { __ACCTKIT_SANDBOX__?: unknown }).__ACCTKIT_SANDBOX__ = inject('matrixSandbox');
