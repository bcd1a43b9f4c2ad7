import { expect, type Page } from '@playwright/test';
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import { dayLabel, ddmmyyyy, pickDateTime, uploader } from './controls';
import { pdf } from './files';
import { notice, rowOf, runTag, SLOW_STEP_TIMEOUT, signIn, test, textbox } from './support';

/** This spec's mark, in every title it makes. */
const RUN = runTag('ep');

/** Picks a day in the filter and applies it. `monthsBack` moves the calendar back from the current month first. */
async function filterByDay(page: Page, day: Date, monthsBack = 0): Promise<void> {
  const filter = page.getByRole('form', { name: 'Filter editions' });
  await filter.getByRole('button', { name: 'Published on' }).click();
  for (let i = 0; i < monthsBack; i += 1) await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: dayLabel(day), exact: true }).click();
  await filter.getByRole('button', { name: 'Apply' }).click();
}

test.describe('e-paper', () => {
  test.describe.configure({ mode: 'serial' });

  const title = `Morning edition ${RUN}`;
  const now = new Date();
  // The 15th of this month: on the calendar as it opens, whatever today is.
  const publishDay = new Date(now.getFullYear(), now.getMonth(), 15);

  test('an empty form shows every required message; a filled one adds a Draft edition', async ({ page }) => {
    await signIn(page);
    await page.goto('/epaper');
    await expect(page.getByRole('heading', { name: 'Epaper Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Epaper' }).click();
    await expect(page).toHaveURL(/\/epaper\/create$/);
    await expect(page.getByRole('heading', { name: 'Add Epaper' })).toBeVisible();

    // CONTRACT.md §5: nothing is sent; each required field says so.
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Title is required',
      'SEO title is required',
      'SEO description is required',
      'PDF file is required',
      'Publish date is required',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();

    await textbox(page, 'Title').fill(title);
    await expect(page.getByText('Title is required', { exact: true })).toBeHidden();

    // A real upload: Uppy sends it, the API verifies it is a PDF.
    await uploader(page, 'PDF')
      .getByLabel('PDF')
      .setInputFiles({
        name: 'front-page-edition.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf([`Front page ${RUN}`]),
      });
    await expect(page.getByText('Uploaded.')).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    await expect(page.getByText('PDF file is required', { exact: true })).toBeHidden();
    // The whole name (the upload field keeps the contract's 8 characters, §9) and a link to open the stored file.
    const open = page.getByRole('link', { name: 'Open front-page-edition.pdf' });
    await expect(open).toHaveAttribute('target', '_blank');
    const stored = await page.request.get((await open.getAttribute('href')) ?? '');
    expect((await stored.body()).subarray(0, 4).toString()).toBe('%PDF');

    await pickDateTime(page, 'Publish date', publishDay);
    await expect(page.getByText('Publish date is required', { exact: true })).toBeHidden();

    await page.getByRole('textbox', { name: 'SEO title' }).fill(`Morning edition ${RUN}`);
    await page.getByRole('textbox', { name: 'SEO description' }).fill('The printed morning edition');
    await page.getByRole('textbox', { name: 'SEO keywords' }).fill('epaper, morning');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(notice(page, 'Epaper Added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/epaper$/);
    const row = rowOf(page, title);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('Ada Admin');
    await expect(row).toContainText(ddmmyyyy(publishDay));
    await expect(row.getByRole('button', { name: `Publish ${title}` })).toBeVisible();
  });

  test('Publish flips the label to Un-Publish, and Un-Publish flips it back', async ({ page }) => {
    await signIn(page);
    await page.goto('/epaper');
    const row = rowOf(page, title);

    await row.getByRole('button', { name: `Publish ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish e-paper' });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, 'Epaper Published Successfully')).toBeVisible();
    await expect(row).toContainText('Published');
    await expect(row.getByRole('button', { name: `Un-Publish ${title}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Publish ${title}`, exact: true })).toHaveCount(0);

    await row.getByRole('button', { name: `Un-Publish ${title}` }).click();
    await page.getByRole('dialog', { name: 'Un-Publish e-paper' }).getByRole('button', { name: 'Un-Publish' }).click();
    await expect(notice(page, 'Epaper Un-Published Successfully')).toBeVisible();
    await expect(row).toContainText('Draft');
    await expect(row.getByRole('button', { name: `Publish ${title}`, exact: true })).toBeVisible();
  });

  test('the publish-day filter: another day shows the empty state, Reset brings the edition back', async ({ page }) => {
    await signIn(page);
    await page.goto('/epaper');
    await expect(rowOf(page, title)).toBeVisible();

    // A day in the previous month: no edition is published then.
    const otherDay = new Date(now.getFullYear(), now.getMonth() - 1, 10);
    await filterByDay(page, otherDay, 1);
    await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-10(&|$)/);
    await expect(page.getByText(`No editions published on ${ddmmyyyy(otherDay)}`)).toBeVisible();
    await expect(rowOf(page, title)).toHaveCount(0);

    // The day survives a reload (it is in the URL).
    await page.reload();
    await expect(page.getByText(`No editions published on ${ddmmyyyy(otherDay)}`)).toBeVisible();

    await page.getByRole('form', { name: 'Filter editions' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/epaper$/);
    await expect(rowOf(page, title)).toBeVisible();

    // Its own publish day keeps it.
    await filterByDay(page, publishDay);
    await expect(rowOf(page, title)).toBeVisible();
  });

  test('Edit loads the edition with its PDF and saves a change', async ({ page }) => {
    await signIn(page);
    await page.goto('/epaper');
    await rowOf(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Update Epaper' })).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'SEO keywords' })).toHaveValue('epaper, morning');
    await expect(page.getByRole('link', { name: 'Open front-page-edition.pdf' })).toBeVisible();

    const renamed = `${title} (second print)`;
    await textbox(page, 'Title').fill(renamed);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, 'Epaper Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/epaper$/);
    await expect(rowOf(page, renamed)).toContainText('Draft');
  });

  test('a save over a change made meanwhile keeps what was typed until Reload', async ({ page, admin }) => {
    await signIn(page);
    await page.goto('/epaper');
    const edit = rowOf(page, `${title} (second print)`).getByRole('link', { name: /^Edit / });
    const id = ((await edit.getAttribute('href')) ?? '').split('/').pop() ?? '';
    await edit.click();
    await expect(page.getByRole('heading', { name: 'Update Epaper' })).toBeVisible();

    // Meanwhile someone publishes it.
    const { version } = await admin.get<{ version: number }>(`/api/epaper/detail/${id}`);
    await admin.patch(`/api/epaper/${id}`, { _id: id, version, status: 'Published' });

    const typed = `${title} (third print)`;
    await textbox(page, 'Title').fill(typed);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert').filter({ hasText: STALE_VERSION_MESSAGE })).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(typed);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(textbox(page, 'Title')).toHaveValue(`${title} (second print)`);
    await expect(page.getByText('Published · added by Ada Admin')).toBeVisible();
    await textbox(page, 'Title').fill(typed);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, 'Epaper Updated Successfully')).toBeVisible();
    await expect(rowOf(page, typed)).toContainText('Published');
  });
});
