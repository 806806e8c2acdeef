import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Suites here start npm start, bundle and pack: minutes on a loaded 2-core machine, not seconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
