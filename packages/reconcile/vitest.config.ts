import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests parse hundreds of generated statements; on a loaded 2-core machine they can take
    // many times what they take alone.
    testTimeout: 60_000,
  },
});
