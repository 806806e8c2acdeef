import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.types.test.ts'],
    globalSetup: ['test/helpers/sandbox-global-setup.ts'],
    setupFiles: ['test/helpers/sandbox-setup-file.ts'],
    // Every call goes to a sandbox on a real port. On a loaded 2-core machine (load about 6) a test
    // that takes 1 s alone can take 10: the limits are there to catch a hang, not a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      include: ['test/**/*.types.test.ts'],
      tsconfig: 'test/tsconfig.json',
    },
  },
});
