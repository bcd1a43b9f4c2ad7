/**
 * What the e2e specs share: the test (with its fixtures), the seeded users and signing in, names unique to a run,
 * and the locators every screen has. Driving the forms' controls (pickers, the uploader, drag and drop) is in
 * controls.ts, setting data up through the API in api.ts, files to upload in files.ts; helpers only one spec needs
 * stay in that spec.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type Credentials, StaffApi } from './api';
import { seatCount, seatEmail } from './seats';

// ---- Environment, users, names ----

/** A variable set by playwright.config.ts (the seeded users' credentials); fails loudly outside it. */
export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through tests/e2e/playwright.config.ts)`);
  return value;
}

/** This worker's seat (seats.ts): Playwright's parallel index, 0 to workers − 1. */
const SEAT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (SEAT >= seatCount()) {
  throw new Error(`worker seat ${SEAT} has no seeded users: set the number of workers with E2E_WORKERS, not --workers`);
}

/** This worker's seeded super admin; the app greets them as ADMIN_NAME. */
export const ADMIN: Credentials = {
  email: seatEmail(env('E2E_ADMIN_EMAIL'), SEAT),
  password: env('E2E_ADMIN_PASSWORD'),
};
export const ADMIN_NAME = 'Ada Admin';
/** This worker's seeded user without roles ('Lee Limited'). */
export const LIMITED: Credentials = {
  email: seatEmail(env('E2E_LIMITED_EMAIL'), SEAT),
  password: env('E2E_LIMITED_PASSWORD'),
};

/** Letters no other call, worker or run shares: the time and a random part, in base 36 and hex. */
const uniquePart = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * A tag for one spec's records (`prefix` and a unique part, one word): its titles carry it, and a search for it
 * finds them and nothing of another spec's.
 */
export const runTag = (prefix: string) => `${prefix}${uniquePart()}`;

/** A name unique to this call ('E2E Desk-m9x2k1a4f0'), whichever worker makes it and whenever. */
export const unique = (prefix: string) => `${prefix}-${uniquePart()}`;

// ---- The test, with the Content-Security-Policy watched ----

/** What a page reported through `securitypolicyviolation`: the app broke its own CSP, or something was injected. */
export interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/**
 * Playwright's test, in which every page of the test reports CSP violations to the runner; a test during which
 * any page reported one fails, naming it. `cspViolations` lets a test look at them itself. `admin` is the API as
 * the seeded super admin calls it, signed in for the test (or the hook) that asks for it.
 */
export const test = base.extend<{ cspViolations: CspViolation[]; admin: StaffApi }>({
  admin: async ({ request }, use) => {
    await use(await StaffApi.signIn(request, ADMIN));
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => {
            const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
            report?.({
              url: document.location.href,
              directive: e.effectiveDirective || e.violatedDirective,
              blocked: e.blockedURI,
              source: `${e.sourceFile}:${e.lineNumber}`,
              sample: e.sample,
            });
          },
          true,
        );
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

// ---- Signing in and out ----

/**
 * How long a test waits for what follows a sign-in or an upload: a bcrypt check or a file's verification, and the
 * whole app loading into a fresh browser. Twice the config's expect timeout, for a machine that is busy.
 */
export const SLOW_STEP_TIMEOUT = 30_000;

/**
 * Signs in through the login form and waits for the dashboard's welcome. `expectWelcome: false` only submits the
 * form, for a sign-in that is meant to fail.
 */
export async function signIn(page: Page, who: Credentials = ADMIN, { expectWelcome = true } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (!expectWelcome) return;
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
}

/** Signs out through the account menu of the user shown as `name`. */
export async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

// ---- Locators every screen has ----

/** A text field by its exact accessible name ('Title' is not 'SEO title'; a required field's asterisk is not in it). */
export const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A success or error popup (CONTRACT.md §8), by its exact text. */
export const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The table row holding `text`. */
export const rowOf = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });
