// Everything exported from this file is the vitest wiring of `@acctkit/testing/vitest` (Node only).
import { fileURLToPath } from 'node:url';

/** The `test` options that start one sandbox for a package's run and hand it to `matrixSandbox()`. */
export interface SandboxForTests {
  readonly globalSetup: string[];
  readonly setupFiles: string[];
}

/**
 * Vitest options for a suite that reaches a sandbox through `matrixSandbox()`: a global setup that
 * starts one on a real localhost port (from the package's own `@acctkit/sandbox` devDependency), and
 * a setup file that hands it to every test file.
 *
 * @example
 * ```ts
 * import { sandboxForTests } from '@acctkit/testing/vitest';
 * import { defineConfig } from 'vitest/config';
 * export default defineConfig({ test: { include: ['test/**\/*.test.ts'], ...sandboxForTests() } });
 * ```
 */
export function sandboxForTests(): SandboxForTests {
  return {
    globalSetup: [fileURLToPath(new URL('./sandbox-global-setup.js', import.meta.url))],
    setupFiles: [fileURLToPath(new URL('./sandbox-setup-file.js', import.meta.url))],
  };
}
