import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The e2e run serves the whole local stack (in-memory DynamoDB Local, s3rver, real handlers, built web app). */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

// Seeded by serve.ts; specs read them from the environment.
process.env.E2E_ADMIN_EMAIL ??= 'e2e-admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'E2e-Admin-Password-1';
process.env.E2E_LIMITED_EMAIL ??= 'e2e-limited@example.com';
process.env.E2E_LIMITED_PASSWORD ??= 'E2e-Limited-Password-1';
process.env.E2E_BASE_URL = baseURL;
// serve.ts writes the stack's DynamoDB and S3 endpoints here and publisher.ts reads them. Not under
// test-results: another run starting in the same checkout empties that folder.
process.env.E2E_STACK_INFO ??= join(tmpdir(), `admin-portal-e2e-stack-${port}.json`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // E2E_OUTPUT_DIR keeps runs of several people in one checkout from clearing each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1366, height: 850 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; `playwright install` cannot download browsers here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    cwd: '../..',
    url: `${baseURL}/api/site-management/siteDetail`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_STACK_INFO: process.env.E2E_STACK_INFO },
  },
});
