import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{electron,shared,sandbox,cli,renderer,scripts}/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    setupFiles: ['renderer/testing/setup.ts'],
  },
});
