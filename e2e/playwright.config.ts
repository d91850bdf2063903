import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Each worker runs its own server on its own database, so files on two workers share nothing.
  // The tests mostly wait on the browser and the server: two use the two cores, three crowd them.
  workers: 2,
  forbidOnly: true,
  // A test that fails is run once more on a fresh worker, with a server of its own: one that passes
  // then is reported as flaky, its first failure printed with the server's log, and the run goes on.
  retries: 1,
  // Every accessibility check and every picture is made in both themes: the longest flows pass
  // 45 s with two workers on two cores.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: '../test-results/e2e',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
});
