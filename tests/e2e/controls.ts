/**
 * How the specs drive the app's form controls as a person would: the editors' toolbar, the uploader, the category
 * select, the date-time picker and drag and drop.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { png } from './files';
import { SLOW_STEP_TIMEOUT } from './support';

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

/**
 * Picks a drag handle up with the keyboard: picked up only once the drag library says so (aria-pressed), and
 * listening for arrows once its timer has run.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, key: 'Space' | 'Enter' = 'Space'): Promise<void> {
  await handle.focus();
  await page.keyboard.press(key);
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await passDragTimers(page);
}
