import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    globalSetup: ['test/helpers/sandbox-global-setup.ts'],
    setupFiles: ['test/helpers/sandbox-setup-file.ts'],
  },
});
