import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    // The behaviour suites share one sandbox and some move its clock: one file at a time, as the
    // runtime matrix runs them, so no file sees another's clock jump mid-test.
    fileParallelism: false,
    globalSetup: ['test/helpers/sandbox-global-setup.ts'],
    setupFiles: ['test/helpers/sandbox-setup-file.ts'],
  },
});
