import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests read the shared package's TypeScript source, so they never run against a stale build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // The shared package's tests run here too: one runner, one report.
    include: ['src/**/*.test.ts', '../../packages/shared/src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Each file gets its own database; two at a time matches the two cores CI has.
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
