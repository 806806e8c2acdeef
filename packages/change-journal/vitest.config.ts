import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The file journal's lock tests start processes; on a loaded 2-core machine they take long.
    testTimeout: 60_000,
  },
});
