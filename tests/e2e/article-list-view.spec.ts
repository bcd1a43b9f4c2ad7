/**
 * The article list as a desk reads it: rows per page (kept in the URL, remembered for the user), the author filter
 * and Mine (kept in the URL, with the author's own tab counts), Publish on a draft's row, the Compact density
 * (remembered), and a phone where the first story shows without scrolling and every tab (and every status under
 * More) is one visible tap away, never behind a sideways swipe. Screenshots of 1440 and 390 px with
 * Hindi headlines go to E2E_SHOTS (default: the test's output folder).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { StaffApi } from './api';
import { rowOf, runTag, signIn, test } from './support';

const RUN = runTag('alv');

/** Headlines in Hindi, as the desk writes them; each carries the run's tag so the search finds only these. */
const HINDI = [
  'राज्य सरकार ने नई शिक्षा नीति की घोषणा की',
  'मानसून सत्र में संसद ने तीन विधेयक पारित किए',
  'प्रधानमंत्री ने किसानों के लिए नई योजना शुरू की',
  'दिल्ली में वायु गुणवत्ता फिर से खराब श्रेणी में',
  'क्रिकेट: भारत ने दूसरा टेस्ट सात विकेट से जीता',
];
const hindiTitle = (i: number) => `${HINDI[i % HINDI.length]} ${i + 1} ${RUN}`;

const desk = { email: `desk-${RUN}@example.com`, password: 'E2e-Desk-Password-1', name: `Desk Editor ${RUN}` };
const author = { email: `hindi-${RUN}@example.com`, password: 'E2e-Hindi-Password-1', name: `Hindi Author ${RUN}` };

const shots = (name: string) => {
  const dir = process.env.E2E_SHOTS ?? join(test.info().outputDir);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
};

/** The pager's count line ('1–25 of 30 articles'). */
const countLine = (page: Page) => page.getByText(/^\d+–\d+ of \d+ articles$/);
const rowsPerPage = (page: Page) => page.getByRole('combobox', { name: 'Rows per page' });
const tableRows = (page: Page) => page.getByRole('table', { name: 'Articles' }).locator('tbody tr');

test.describe('the article list as a desk reads it', () => {
  const ids = { desk: '', author: '', category: '', draft: '' };

  test.beforeAll(async ({ request, admin }) => {
    test.slow();
    const category = await admin.category(`देश ${RUN}`);
    ids.category = category._id;
    const role = await admin.role({
      name: `Desk ${RUN}`,
      description: 'Edits and publishes every article',
      modelPermissions: { Cms: ['Read', 'Write', 'Edit'], Category: ['Read'], User: ['Read'] },
    });
    ids.desk = (await admin.user({ ...desk, roles: [role._id] }))._id;
    ids.author = (await admin.user({ ...author, roles: [] }))._id;
    // 60 by the Hindi author, 10 of them published; 3 drafts by the desk editor.
    for (let i = 0; i < 60; i++) {
      await admin.article(hindiTitle(i), category._id, ids.author, { action: i % 6 === 0 ? 'publish' : 'save' });
    }
    for (let i = 0; i < 3; i++) {
      const mine = await admin.article(`डेस्क का मसौदा ${i + 1} ${RUN}`, category._id, ids.desk);
      if (i === 0) ids.draft = mine._id;
    }
    await StaffApi.signIn(request, desk);
  });

  test('rows per page and the author are kept in the URL through a reload and Back, and the size is remembered', async ({
    page,
  }) => {
    await signIn(page, desk);
    await page.goto(`/article?search=${RUN}`);
    await expect(countLine(page)).toHaveText('1–10 of 63 articles');

    // The author filter: their articles only, with their own tab counts.
    const authorField = page.getByRole('combobox', { name: 'Author' });
    await authorField.click();
    await authorField.fill('Hindi Author');
    await page.getByRole('option', { name: new RegExp(`^Hindi Author ${RUN}`) }).click();
    await expect(page).toHaveURL(new RegExp(`author=${ids.author}`));
    await expect(countLine(page)).toHaveText('1–10 of 60 articles');
    await expect(page.getByRole('tab', { name: /^Published/ })).toContainText('10');

    await rowsPerPage(page).selectOption('50');
    await expect(page).toHaveURL(/limit=50/);
    await expect(countLine(page)).toHaveText('1–50 of 60 articles');
    await expect(tableRows(page)).toHaveCount(50);

    await page.reload();
    await expect(countLine(page)).toHaveText('1–50 of 60 articles');
    await expect(authorField).toHaveValue(new RegExp(`^Hindi Author ${RUN}`));

    await page.getByRole('tab', { name: /^Draft/ }).click();
    await expect(countLine(page)).toHaveText('1–50 of 50 articles');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`author=${ids.author}.*limit=50|limit=50.*author=${ids.author}`));
    await expect(countLine(page)).toHaveText('1–50 of 60 articles');
    // Before the pick: the author stays, and the rows per page are this user's remembered 50.
    await page.goBack();
    await expect(page).not.toHaveURL(/limit=/);
    await expect(page).toHaveURL(new RegExp(`author=${ids.author}`));
    await expect(countLine(page)).toHaveText('1–50 of 60 articles');

    // A fresh visit without `limit` in the URL opens at the size this user picked last.
    await page.goto(`/article?search=${RUN}`);
    await expect(countLine(page)).toHaveText('1–50 of 63 articles');
    await expect(rowsPerPage(page)).toHaveValue('50');
  });

  test("Mine lists the signed-in user's own articles, kept in the URL, and a draft is published from its row", async ({
    page,
  }) => {
    await signIn(page, desk);
    await page.goto(`/article?search=${RUN}&limit=10`);
    // A click, not check(): the URL moves in a transition, so the box shows the new state a moment later.
    await page.getByRole('checkbox', { name: 'Mine' }).click();
    await expect(page.getByRole('checkbox', { name: 'Mine' })).toBeChecked();
    await expect(page).toHaveURL(/mine=1/);
    await expect(countLine(page)).toHaveText('1–3 of 3 articles');
    await expect(page.getByRole('tab', { name: /^Draft/ })).toContainText('3');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Mine' })).toBeChecked();
    await expect(countLine(page)).toHaveText('1–3 of 3 articles');

    const row = rowOf(page, `डेस्क का मसौदा 1 ${RUN}`);
    await row.getByRole('button', { name: /^Publish / }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish article' });
    await expect(dialog).toContainText('goes live on the site now');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(row).toContainText('Published');
    await expect(page.getByRole('tab', { name: /^Published/ })).toContainText('1');

    await page.getByRole('checkbox', { name: 'Mine' }).click();
    await expect(page.getByRole('checkbox', { name: 'Mine' })).not.toBeChecked();
    await expect(page).not.toHaveURL(/mine=1/);
    await expect(countLine(page)).toHaveText('1–10 of 63 articles');
  });

  test('Compact is remembered, and 50 compact rows of Hindi headlines fit many to a 1440 × 900 screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, desk);
    await page.goto(`/article?author=${ids.author}&limit=50`);
    await expect(tableRows(page)).toHaveCount(50);
    await page.screenshot({ path: shots('list-1440-comfortable-50.png') });
    const wholeRows = () =>
      tableRows(page).evaluateAll(
        (rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
    const comfortable = await wholeRows();
    await page.getByRole('switch', { name: 'Compact' }).check();
    await expect(page.getByRole('table', { name: 'Articles' })).toHaveAttribute('data-density', 'compact');
    await page.screenshot({ path: shots('list-1440-compact-50.png') });
    // Two-line headlines (the run's tag makes them long) included: about twice the rows of the roomy layout.
    const compact = await wholeRows();
    test.info().annotations.push({ type: 'rows on a 1440 × 900 screen', description: `${comfortable} → ${compact}` });
    expect(compact).toBeGreaterThanOrEqual(10);
    expect(compact).toBeGreaterThanOrEqual(comfortable + 4);

    await page.goto(`/article?author=${ids.author}&limit=50`);
    await expect(page.getByRole('switch', { name: 'Compact' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Articles' })).toHaveAttribute('data-density', 'compact');
    await page.screenshot({ path: shots('list-1440-compact-fullpage.png'), fullPage: true });
  });

  test('on a 390 × 844 phone the first story shows whole without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, desk);
    await page.goto(`/article?search=${RUN}&author=${ids.author}&limit=50`);
    const first = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').first();
    await expect(first).toContainText(RUN);
    await page.screenshot({ path: shots('list-390.png') });
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    // The story starts in the top half of the screen and ends on it.
    expect(box?.y ?? 844).toBeLessThan(844 / 2);
    expect((box?.y ?? 0) + (box?.height ?? 844)).toBeLessThanOrEqual(844);
    await page.screenshot({ path: shots('list-390-fullpage.png'), fullPage: true });

    // Compact from the folded controls: the cards shrink, and the first story still starts on the first screen.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('switch', { name: 'Compact' }).check();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('switch', { name: 'Compact' })).toBeHidden();
    await expect.poll(async () => (await page.locator('#article-filters').boundingBox())?.height ?? 0).toBe(0);
    await page.screenshot({ path: shots('list-390-compact.png') });
    const compactBox = await first.boundingBox();
    expect((compactBox?.y ?? 0) + (compactBox?.height ?? 844)).toBeLessThanOrEqual(844);
  });

  test('on a 390 × 844 phone every tab and every status under More is one visible tap away, with its count', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, desk);
    await page.goto(`/article?author=${ids.author}`);
    const cards = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
    await expect(cards.first()).toContainText(RUN);

    // The status control is whole on the screen and says which tab is shown, with its count.
    const picker = page.getByRole('combobox', { name: 'Articles by status' });
    await expect(picker).toBeInViewport({ ratio: 1 });
    await expect(picker).toHaveValue('All');
    await expect(picker.locator('xpath=..')).toContainText('60');
    // No tab sits off the screen in a row that only scrolls sideways.
    for (const tab of await page.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // One tap opens every tab and every other status, each whole on the screen with its count.
    await picker.click();
    const expected: [string, string][] = [
      ['All', '60'],
      ['Draft', '50'],
      ['Published', '10'],
      ...['Pending', 'Approved', 'Need Review', 'Rejected', 'Retract', 'Scheduled'].map((status): [string, string] => [
        status,
        '0',
      ]),
    ];
    for (const [label, total] of expected) {
      const option = page.getByRole('option', { name: new RegExp(`^${label}\\b`) });
      await expect(option).toBeInViewport({ ratio: 1 });
      await expect(option).toContainText(total);
    }
    await page.screenshot({ path: shots('list-390-status-picker.png') });

    // Published: the URL carries the tab, and only the published stories are listed.
    await page.getByRole('option', { name: /^Published\b/ }).click();
    await expect(page).toHaveURL(/[?&]status=Publish(&|$)/);
    await expect(picker).toHaveValue('Published');
    await expect(countLine(page)).toHaveText('1–10 of 10 articles');
    await expect(cards).toHaveCount(10);
    for (const card of await cards.all()) await expect(card).toContainText('Published');

    // By keyboard: the arrows walk the list from the tab shown, Enter picks.
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: /^Published\b/ })).toBeVisible();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: /^Need Review\b/ })).toHaveAttribute('data-combobox-selected');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]status=Need\+Review(&|$)/);
    await expect(picker).toHaveValue('Need Review');
    await expect(page.getByText('No articles match these filters')).toBeVisible();

    // Back returns to Published, as with the tabs.
    await page.goBack();
    await expect(picker).toHaveValue('Published');
    await expect(countLine(page)).toHaveText('1–10 of 10 articles');
  });
});
