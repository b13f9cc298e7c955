import { defineConfig } from '@playwright/test';

/** E2E runs in the Chromium shell (e2e/shell): each test launches its own core and browser. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]] : 'list',
  outputDir: 'test-results',
});
