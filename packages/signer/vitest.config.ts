import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests run hundreds of signatures; on a loaded 2-core machine they can pass 5 s.
    testTimeout: 30_000,
  },
});
