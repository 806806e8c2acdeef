import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.types.test.ts'],
    globalSetup: ['test/helpers/sandbox-global-setup.ts'],
    setupFiles: ['test/helpers/sandbox-setup-file.ts'],
    typecheck: {
      enabled: true,
      include: ['test/**/*.types.test.ts'],
      tsconfig: 'test/tsconfig.json',
    },
  },
});
