import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // fails the run when a test wrote into the checkout
    globalSetup: ['test/global-setup.ts'],
  },
});
