import { sandboxForTests } from '@acctkit/testing/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // These suites start servers, processes or workerd. On a loaded 2-core machine (load about 6) a
    // test that takes 2 s alone can take 20: the limits are there to catch a hang, not a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    ...sandboxForTests(),
  },
});
