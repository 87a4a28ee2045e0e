import { defineConfig } from '@playwright/test'
import { browserPath } from '../scripts/browser.ts'

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100'

// The browser scripts/browser.ts finds (CHROMIUM_PATH, the system's, the npm-provided one; decision 035), never
// Playwright's own download.
export default defineConfig({
  testDir: './e2e',
  // CI's machine runs the suite three to four times slower than a quiet 2-core development machine: a journey that
  // takes 10 s here must not fail there for time alone. A real hang still fails, a minute later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The JSON report (its file from PLAYWRIGHT_JSON_OUTPUT_FILE) lets `npm test` count the tests.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    // Traces cost ~40% of the run on 2 cores; a failure's screenshot and error context say enough.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The 500-registration rush floods the mail queue, so it runs last, alone.
  projects: [
    { name: 'site', testIgnore: /registration-rush\.spec\.ts/ },
    { name: 'rush', testMatch: /registration-rush\.spec\.ts/, dependencies: ['site'] },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    cwd: '..',
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
