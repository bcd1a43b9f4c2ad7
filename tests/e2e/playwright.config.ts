import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../infra/local/chromium';

/**
 * The e2e run serves the whole local stack twice (in-memory DynamoDB Local, s3rver, real handlers, built web app):
 * one for the isolated specs on E2E_PORT, one for the site-wide specs on the next port, so the two groups run at
 * the same time without seeing each other's data.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const siteWidePort = port + 1;
const baseURL = `http://localhost:${port}`;
const siteWideURL = `http://localhost:${siteWidePort}`;
// Two cores: the specs wait on the browser far more than they compute, so three workers (two on the isolated
// specs, one on the site-wide ones) keep both cores busy. Set here rather than with --workers: serve.ts seeds a
// pair of users per worker (seats.ts).
const workers = Number(process.env.E2E_WORKERS ?? 3);

// Seeded by serve.ts, with one such pair per worker (seats.ts); specs read them from the environment.
process.env.E2E_ADMIN_EMAIL ??= 'e2e-admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'E2e-Admin-Password-1';
process.env.E2E_LIMITED_EMAIL ??= 'e2e-limited@example.com';
process.env.E2E_LIMITED_PASSWORD ??= 'E2e-Limited-Password-1';
process.env.E2E_SEATS = String(workers);
// The isolated specs' stack: serve.ts writes its DynamoDB and S3 endpoints here and publisher.ts reads them (only
// isolated specs run the publisher). Not under test-results: another run in the same checkout empties that folder.
process.env.E2E_STACK_INFO ??= join(tmpdir(), `admin-portal-e2e-stack-${port}.json`);

/**
 * Specs that read or write what exists once for the whole site, so that another worker's data would change what
 * they see: the review count in the header and the dashboard's figures and short lists (every article counts),
 * the home page layout (one record) and the site settings (one record, whose title shell.spec.ts expects to be
 * the default). They run one at a time against a stack of their own, beside the others. Every other spec makes its
 * own data under names of its own and runs beside the rest; those specs leave the layout and the settings alone, so
 * stored-content.spec.ts finds the headlines empty and shell.spec.ts the default title on their fresh stack.
 */
const SITE_WIDE = [
  'article-list.spec.ts',
  'dashboard.spec.ts',
  'editing.spec.ts',
  'home-curation.spec.ts',
  // Places articles on the home page (and puts the layout back afterwards).
  'keyboard.spec.ts',
  'least-privilege-ui.spec.ts',
  // Sets the site's preview link (and sets it back to none).
  'preview-links.spec.ts',
  'uploads.spec.ts',
];

export default defineConfig({
  testDir: '.',
  // E2E_OUTPUT_DIR keeps runs of several people in one checkout from clearing each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results',
  // Spec files run side by side, each in one worker, its tests in order (several build on the one before).
  fullyParallel: false,
  workers,
  // A test that passes only on a second try is a defect to fix, here and on CI.
  retries: 0,
  // Sized for a machine that other jobs share: a test takes 2–26 s on a quiet one, and up to three times that on a
  // busy one. The longest stories say so with test.slow() (three times this).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  projects: [
    // Listed first so that its one worker starts at once: its chain of specs is about as long as the others'.
    { name: 'site-wide', testMatch: SITE_WIDE, workers: 1, use: { baseURL: siteWideURL } },
    { name: 'isolated', testMatch: '**/*.spec.ts', testIgnore: SITE_WIDE, use: { baseURL } },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1366, height: 850 },
    // A failed test keeps a screenshot and its page's ARIA snapshot (error-context.md). E2E_TRACE=1 also records a
    // trace of every test (actions, DOM snapshots, network), kept for those that fail: it costs about a tenth of
    // the run's CPU, so it is off unless asked for (`E2E_TRACE=1 npx playwright test … failing.spec.ts`).
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    { port, info: process.env.E2E_STACK_INFO },
    { port: siteWidePort, info: join(tmpdir(), `admin-portal-e2e-stack-${siteWidePort}.json`) },
  ].map((stack) => ({
    command: 'npx tsx tests/e2e/serve.ts',
    cwd: '../..',
    url: `http://localhost:${stack.port}/api/site-management/siteDetail`,
    // DynamoDB Local's JVM and the seeded users' bcrypt take a while on a busy machine.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(stack.port), E2E_STACK_INFO: stack.info },
  })),
});
