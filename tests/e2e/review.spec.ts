/**
 * Review with reasons: an editor's Reject on the list asks for a note, which the author then reads on their
 * dashboard ("Returned to me") and above the article in its editor; the audit screen lists the reject with the note
 * and a link to the article; the bulk Move to trash names the live stories among the picked rows.
 */
import { expect } from '@playwright/test';
import { type Article, StaffApi } from './api';
import { ADMIN_NAME, rowOf, runTag, signIn, signOut, test } from './support';

const RUN = runTag('review');

const titles = {
  returned: `Ferry timetable ${RUN} returned`,
  live: `Ferry strike ${RUN} live`,
  draft: `Ferry notes ${RUN} draft`,
};
const NOTE = 'Name the source of the timetable and add the winter times.';

test.describe('review with reasons', () => {
  test.describe.configure({ mode: 'serial' });

  const writer = { email: `review-writer-${RUN}@example.com`, password: 'E2e-Writer-Password-1', name: 'Rhea Writer' };
  let returnedId = '';

  test.beforeAll(async ({ request, admin }) => {
    const category = await admin.category(`Ferries ${RUN}`);
    const adminId = await admin.userId();
    const writerId = (await admin.contributor(writer, { name: `Review writer ${RUN}`, description: 'Submits' }))._id;
    const asWriter = await StaffApi.signIn(request, writer);
    const waiting = await asWriter.article<Article>(titles.returned, category._id, writerId, { action: 'publish' });
    expect(waiting.status).toBe('Need Review');
    returnedId = waiting._id;
    const live = await admin.article<Article>(titles.live, category._id, adminId, { action: 'publish' });
    expect(live.status).toBe('Published');
    await admin.article<Article>(titles.draft, category._id, adminId);
  });

  test('Reject asks for a note, which the author reads on the dashboard and the article; the audit lists it', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/article?search=${encodeURIComponent(titles.returned)}`);
    await rowOf(page, titles.returned)
      .getByRole('button', { name: /^Reject / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reject article' });
    const confirm = dialog.getByRole('button', { name: 'Reject', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: /Note to the author/ }).fill(NOTE);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByText('Blog Rejected Successfully')).toBeVisible();

    // The audit screen: the reject, with the note, its target a link to the article.
    await page.goto('/audit?action=articleRejected');
    const entry = page.getByRole('link', { name: titles.returned }).first();
    await expect(entry).toHaveAttribute('href', `/article/edit/${returnedId}`);

    // The author: "Returned to me" on the dashboard, and the note above the article.
    await signOut(page, ADMIN_NAME);
    await signIn(page, writer);
    const returned = page.getByRole('list', { name: 'Articles returned to me' });
    await expect(returned.getByRole('listitem').filter({ hasText: titles.returned })).toContainText(NOTE);
    await returned.getByRole('link', { name: titles.returned }).click();
    await expect(page.getByTestId('returned-banner')).toContainText(NOTE);
  });

  test('Move to trash names the live stories among the picked rows', async ({ page }) => {
    await signIn(page);
    await page.goto(`/article?search=${RUN}`);
    await expect(rowOf(page, RUN)).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select ${titles.live}` }).check();
    await page.getByRole('checkbox', { name: `Select ${titles.draft}` }).check();
    await page
      .getByRole('group', { name: 'Bulk actions for 2 selected articles' })
      .getByRole('button', { name: 'Move to trash' })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Move to trash: 2 articles/ });
    await expect(dialog.getByRole('alert')).toHaveText(
      `1 of them is live and comes off the site: “${titles.live}” (Published).`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
