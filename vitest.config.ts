import { defineConfig } from 'vitest/config';

/**
 * Files that replace modules (vi.mock), spy on exports or set process.env run in a module graph
 * of their own; the rest share one per worker, which saves each file's imports (about a quarter
 * of the suite's CPU time).
 */
const ISOLATED = [
  'test/driver/span/stepped-coords.test.ts',
  'test/inspect/inspect-history-paths.test.ts',
  'test/device/stretch-rect.test.ts',
  'test/golden/matcher.test.ts',
  'test/golden/golden-files.test.ts',
  'test/cli/internal-error.test.ts',
  'test/device/create-cost.test.ts',
  'test/device/draw-limits.test.ts',
  'test/cli/dump-plain.test.ts',
  // counts allocation, which depends on what V8 saw other tests pass to the same functions
  'test/driver/pixel/allocation.test.ts',
  'test/device/draw-plan-allocation.test.ts',
  'test/device/shader-allocation.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'forks',
    // fails the run when a test wrote into the checkout
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
