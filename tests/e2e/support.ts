/**
 * What the e2e specs share: the test (with its fixtures), the seeded users and signing in, names unique to a run,
 * and the locators and pickers several screens have in common. Setting data up through the API is in api.ts, files
 * to upload in files.ts; helpers only one spec needs stay in that spec.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type Credentials, StaffApi } from './api';
import { png } from './files';
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

// ---- Locators and pickers ----

/** A text field by its exact accessible name ('Title' is not 'SEO title'; a required field's asterisk is not in it). */
export const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A success or error popup (SPEC §8), by its exact text. */
export const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The table row holding `text`. */
export const rowOf = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

/** The editors' toolbar with Save, Publish, Preview… */
export const articleActions = (page: Page) => page.getByRole('toolbar', { name: 'Article actions' });

/** The Uploader of a field: a group named after its label, holding the file input with that label. */
export const uploader = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: label });

/** Uploads a PNG (64×48 unless `size` says otherwise) through the Uploader labelled `label` and waits for 'Uploaded.'. */
export async function uploadPng(
  scope: Page | Locator,
  label: string,
  name: string,
  colour: [number, number, number],
  [width, height]: [number, number] = [64, 48],
): Promise<void> {
  const field = uploader(scope, label);
  await field.getByLabel(label).setInputFiles({ name, mimeType: 'image/png', buffer: png(width, height, colour) });
  await expect(field.getByText('Uploaded.')).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
}

/** Types `name` into the Categories select (of the form, or of `within`, e.g. a filter panel), picks it and closes. */
export async function pickCategory(page: Page, name: string, within: Page | Locator = page): Promise<void> {
  await within.getByRole('combobox', { name: 'Categories' }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** How a calendar names a day's button: '15 November 2026'. */
export const dayLabel = (day: Date) =>
  day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** How the app's lists show a day: DD/MM/YYYY. */
export const ddmmyyyy = (day: Date) =>
  `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;

/** Day `day` of next month, at midnight. */
export function dayOfNextMonth(day: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, day);
}

const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Date(2000, m, 1).toLocaleDateString('en-GB', { month: 'long' }),
);
/** 'November 2026' as a count of months, to tell how far apart two calendar months are. */
const monthNumber = (label: string) => {
  const [month = '', year = ''] = label.trim().split(' ');
  return Number(year) * 12 + MONTHS.indexOf(month);
};

/**
 * In the date-time field `field`: opens the picker, turns the calendar to `day`'s month (it opens at the field's
 * month, or this month when empty), picks the day and presses the apply button, keeping the picker's time. Waits
 * for the dropdown to close, so the next picker's days are not confused with this one's.
 */
export async function pickDateTime(
  page: Page,
  field: string,
  day: Date,
  { apply = 'Apply date and time' }: { apply?: string } = {},
): Promise<void> {
  const applyButton = page.getByRole('button', { name: apply });
  await page.getByRole('button', { name: field, exact: true }).click();
  await expect(applyButton).toBeVisible();
  const month = page.getByRole('button', { name: 'Choose a month' });
  const wanted = day.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  const steps = monthNumber(wanted) - monthNumber((await month.textContent()) ?? '');
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.getByRole('button', { name: steps > 0 ? 'Next month' : 'Previous month' }).click();
  }
  await expect(month).toHaveText(wanted);
  await page.getByRole('button', { name: dayLabel(day), exact: true }).click();
  await applyButton.click();
  await expect(applyButton).toHaveCount(0);
}

/**
 * Lets dnd-kit's timers run (the menu editor and the home page's lists drag with it). It acts on timers a person
 * never outruns, and a test does: after the pick-up key its keyboard sensor listens for arrows only from the next
 * timer tick, and after a mouse drop it swallows every click for 50 ms. So a drag test runs its page on Playwright's
 * clock (`page.clock.install()` before the first page load) and, after a pick-up or a drop, moves that clock past
 * those timers with this, rather than sleeping and hoping they have run.
 */
export async function passDragTimers(page: Page): Promise<void> {
  await page.clock.runFor(50);
}
