import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.types.test.ts'],
    typecheck: {
      enabled: true,
      include: ['test/**/*.types.test.ts'],
      tsconfig: 'test/tsconfig.json',
    },
  },
});
