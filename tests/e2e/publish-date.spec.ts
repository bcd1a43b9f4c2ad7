/**
 * The date-time picker takes a time however a person enters it: clicking into the minutes and typing, Tab between
 * the boxes, pasting a whole time, typing one digit at a time. An embargo typed as 14:45 must never be stored as
 * 14:25. (The publish date of the article editor; the ads' dates use the same field.) And the editor's Publish says
 * what it does with the date: an unchosen one follows now, a passed one is kept or made now.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Category, Created } from './api';
import { articleActions, pickCategory } from './controls';
import { notice, runTag, signIn, test, textbox } from './support';

const APPLY = 'Apply date and time';

/** Opens the Add Article screen's publish-date picker; its time boxes: hours and minutes. */
async function openPicker(page: Page): Promise<{ hours: Locator; minutes: Locator }> {
  await page.goto('/article/create');
  await expect(page.getByRole('heading', { name: 'Add Article' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish date', exact: true }).click();
  await expect(page.getByRole('button', { name: APPLY })).toBeVisible();
  const boxes = page.getByRole('spinbutton');
  return { hours: boxes.nth(0), minutes: boxes.nth(1) };
}

/** Presses Apply and reads the time the field now shows ('28/11/2026 14:45' → '14:45'). */
async function appliedTime(page: Page): Promise<string> {
  await page.getByRole('button', { name: APPLY }).click();
  await expect(page.getByRole('button', { name: APPLY })).toHaveCount(0);
  const shown = (await page.getByRole('button', { name: 'Publish date', exact: true }).textContent()) ?? '';
  return shown.trim().slice(-5);
}

test.describe('typing a time into the date-time picker', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('click the hours, type, click the minutes, type: the time typed', async ({ page }) => {
    const { hours, minutes } = await openPicker(page);
    await hours.click();
    await page.keyboard.type('12');
    // The hour moved the focus on with the minutes selected; a click on them must keep them selected.
    await expect(minutes).toBeFocused();
    await minutes.click();
    await page.keyboard.type('45');
    await expect(minutes).toHaveValue('45');
    for (const typed of ['00', '30', '07']) {
      await minutes.click();
      await page.keyboard.type(typed);
      await expect(minutes).toHaveValue(typed);
    }
    await expect(hours).toHaveValue('12');
    expect(await appliedTime(page)).toBe('12:07');
  });

  test('a click on the hours after picking a day replaces them', async ({ page }) => {
    const { hours, minutes } = await openPicker(page);
    // Picking a day puts the focus on the hours, selected.
    await page
      .getByRole('button', { name: /^\d+ \w+ \d{4}$/ })
      .first()
      .click();
    await expect(hours).toBeFocused();
    await hours.click();
    await page.keyboard.type('16');
    await minutes.click();
    await page.keyboard.type('05');
    expect(await appliedTime(page)).toBe('16:05');
  });

  test('Tab from the hours to the minutes, then type', async ({ page }) => {
    const { hours, minutes } = await openPicker(page);
    await hours.click();
    // A 1 could still become 10–19, so the box waits for a second digit: Tab moves on, as in the browser's own
    // time fields.
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await expect(minutes).toBeFocused();
    await page.keyboard.type('45');
    await expect(hours).toHaveValue('01');
    await expect(minutes).toHaveValue('45');
    // And back with Shift+Tab.
    await page.keyboard.press('Shift+Tab');
    await expect(hours).toBeFocused();
    await page.keyboard.type('21');
    expect(await appliedTime(page)).toBe('21:45');
  });

  test('paste a whole time', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { hours, minutes } = await openPicker(page);
    await page.evaluate(() => navigator.clipboard.writeText('18:45'));
    await hours.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(hours).toHaveValue('18');
    await expect(minutes).toHaveValue('45');
    expect(await appliedTime(page)).toBe('18:45');
  });

  test('type 4, then 5, one key at a time', async ({ page }) => {
    const { hours, minutes } = await openPicker(page);
    await hours.click();
    await page.keyboard.type('08');
    await minutes.click();
    await page.keyboard.press('4');
    await expect(minutes).toHaveValue('04');
    await page.keyboard.press('5');
    await expect(minutes).toHaveValue('45');
    expect(await appliedTime(page)).toBe('08:45');
  });
});

test.describe('publishing says what it will do', () => {
  const RUN = runTag('pd');
  let category: Category;

  test.beforeAll(async ({ admin }) => {
    category = await admin.category(`Desk ${RUN}`);
  });

  test('a draft whose date was never chosen is dated when it is published, not when it was begun', async ({
    page,
    admin,
  }) => {
    const title = `Ferry timetable ${RUN}`;
    await signIn(page);
    await page.goto('/article/create');
    await expect(page.getByRole('button', { name: 'Publish date', exact: true })).toHaveText(/Publish immediately/);
    await textbox(page, 'Title').fill(title);
    await pickCategory(page, category.name);
    const frame = page.getByRole('group', { name: 'Section 1' }).locator('[data-rich-text]');
    await expect(frame).toHaveAttribute('data-ready', 'true');
    await frame.locator('.ce-paragraph').first().click();
    await page.keyboard.type('The winter timetable starts on Monday.');
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Article Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article\/edit\/[0-9A-Z]{26}$/);
    const id = page.url().split('/').pop() as string;
    const draft = await admin.get<{ publishDate: string | null; status: string }>(`/api/cms/detail/${id}`);
    expect(draft).toMatchObject({ status: 'Draft', publishDate: null });

    // The field still says it follows now; Publish says Publish and asks nothing.
    await expect(page.getByRole('button', { name: 'Publish date', exact: true })).toHaveText(/Publish immediately/);
    const before = Date.now();
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(notice(page, 'Blog Published Successfully')).toBeVisible();
    const live = await admin.get<{ publishDate: string; status: string }>(`/api/cms/detail/${id}`);
    expect(live.status).toBe('Published');
    expect(Date.parse(live.publishDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  test('publishing a story whose chosen date has passed asks: Keep date, or Use now', async ({ page, admin }) => {
    const earlier = new Date(Date.now() - 3 * 3600_000);
    earlier.setSeconds(0, 0);
    const kept = await admin.article<Created>(`Old embargo kept ${RUN}`, category._id, await admin.userId(), {
      publishDate: earlier.toISOString(),
      text: 'Written this morning.',
    });
    const renewed = await admin.article<Created>(`Old embargo renewed ${RUN}`, category._id, await admin.userId(), {
      publishDate: earlier.toISOString(),
      text: 'Written this morning.',
    });
    await signIn(page);

    await page.goto(`/article/edit/${kept._id}`);
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Keep the earlier publish date?' });
    await expect(dialog).toContainText('has passed');
    await dialog.getByRole('button', { name: 'Keep date' }).click();
    await expect(notice(page, 'Blog Published Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
    const first = await admin.get<{ publishDate: string; status: string }>(`/api/cms/detail/${kept._id}`);
    expect(first).toMatchObject({ status: 'Published', publishDate: earlier.toISOString() });

    await page.goto(`/article/edit/${renewed._id}`);
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Keep the earlier publish date?' });
    // Cancel publishes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await admin.get<{ status: string }>(`/api/cms/detail/${renewed._id}`)).status).toBe('Draft');
    const before = Date.now();
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.getByRole('button', { name: 'Use now' }).click();
    await expect(notice(page, 'Blog Published Successfully')).toBeVisible();
    const second = await admin.get<{ publishDate: string; status: string }>(`/api/cms/detail/${renewed._id}`);
    expect(second.status).toBe('Published');
    expect(Date.parse(second.publishDate)).toBeGreaterThanOrEqual(before - 1000);
  });
});
