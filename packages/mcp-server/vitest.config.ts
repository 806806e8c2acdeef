import { sandboxForTests } from '@acctkit/testing/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // These suites start servers, processes or workerd. On a loaded 2-core machine (load about 6) a
    // test that takes 2 s alone can take 20: the limits are there to catch a hang, not a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time on 2 cores (vitest's default there is one): most of these suites wait on
    // servers, child processes, Chromium or workerd, so the run takes about 250 s instead of 345 s.
    maxWorkers: 2,
    // The runtime-neutral suites (every test not named .node.test.ts) reach a sandbox on a real port
    // through `matrixSandbox()`, as they do in the runtime matrix, which starts its own.
    ...sandboxForTests(),
  },
});
