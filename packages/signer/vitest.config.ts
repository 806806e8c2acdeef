import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests run hundreds of signatures; on a loaded 2-core machine (load about 6) they can
    // pass 20 s.
    testTimeout: 60_000,
  },
});
