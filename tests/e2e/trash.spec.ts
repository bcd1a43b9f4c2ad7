/**
 * Remove and the trash: an article removed from the list leaves it and its count, waits in the Articles
 * trash, and comes back with Restore (or Undo); a headline removed goes for good with Delete now; a category that
 * still has articles is refused with the reason; a user without Remove sees neither and cannot open the trash.
 */
import { expect, type Page } from '@playwright/test';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import { CATEGORY_HAS_ARTICLES_MESSAGE } from '../../shared/schemas/trash';
import { ADMIN_NAME, notice, rowOf, runTag, signIn, test, unique } from './support';

/** This spec's mark: its titles carry it, and the article search for it finds only them. */
const RUN = runTag('tr');

/** The pager's count line under a list ('1–2 of 2 articles'). */
const countLine = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Remove on a row, then the confirm dialog's Move to trash. */
async function removeRow(page: Page, name: string, dialogTitle: string): Promise<void> {
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toContainText(`Move “${name}” to the trash? It can be restored for 30 days.`);
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('trash', () => {
  test('an article removed from the list waits in the trash and comes back with Restore', async ({ page, admin }) => {
    const category = await admin.category(unique(`Trash desk ${RUN}`));
    const author = await admin.userId();
    const kept = `Kept story ${RUN}`;
    const removed = `Removed story ${RUN}`;
    await admin.article(kept, category._id, author);
    await admin.article(removed, category._id, author);

    await signIn(page);
    await page.goto(`/article?search=${RUN}`);
    await expect(rowOf(page, removed)).toBeVisible();
    await expect(countLine(page, '1–2 of 2 articles')).toBeVisible();

    await removeRow(page, removed, 'Remove article');
    await expect(notice(page, `“${removed}” moved to the trash`)).toBeVisible();
    await expect(rowOf(page, removed)).toHaveCount(0);
    await expect(rowOf(page, kept)).toBeVisible();
    await expect(countLine(page, '1–1 of 1 articles')).toBeVisible();

    // The header's Trash leads to the removed articles: who removed it, and when it goes for good.
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/article\/trash$/);
    await expect(page.getByRole('heading', { name: 'Article Trash' })).toBeVisible();
    const trashed = rowOf(page, removed);
    await expect(trashed).toContainText(ADMIN_NAME);
    await expect(trashed.getByText('in 30 days', { exact: true })).toBeVisible();

    await trashed.getByRole('button', { name: `Restore ${removed}` }).click();
    await expect(notice(page, `“${removed}” restored`)).toBeVisible();
    await expect(rowOf(page, removed)).toHaveCount(0);

    // Back on the list, the article and its count are back.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/article$/);
    await page.goto(`/article?search=${RUN}`);
    await expect(rowOf(page, removed)).toBeVisible();
    await expect(countLine(page, '1–2 of 2 articles')).toBeVisible();

    // The popup's Undo restores a removal straight away.
    await removeRow(page, kept, 'Remove article');
    await expect(rowOf(page, kept)).toHaveCount(0);
    await page.getByRole('button', { name: `Undo: restore “${kept}”` }).click();
    await expect(notice(page, `“${kept}” restored`)).toBeVisible();
    await expect(rowOf(page, kept)).toBeVisible();
    await expect(countLine(page, '1–2 of 2 articles')).toBeVisible();
  });

  test('a headline removed, then deleted for good from its trash', async ({ page, admin }) => {
    const headline = unique(`Bridge closed ${RUN}`);
    await admin.call('POST', '/api/breaking-news', { title: headline }, { status: 201 });

    await signIn(page);
    await page.goto('/breraking-news');
    await removeRow(page, headline, 'Remove headline');
    await expect(notice(page, `“${headline}” moved to the trash`)).toBeVisible();
    await expect(rowOf(page, headline)).toHaveCount(0);

    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/breraking-news\/trash$/);
    await rowOf(page, headline)
      .getByRole('button', { name: `Delete now ${headline}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete headline for good' });
    await expect(dialog).toContainText(`Delete “${headline}” for good? It cannot be restored afterwards.`);
    await dialog.getByRole('button', { name: 'Delete now' }).click();
    await expect(notice(page, `“${headline}” deleted for good`)).toBeVisible();
    await expect(rowOf(page, headline)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Breaking News Trash' })).toBeVisible();
    await expect(page.getByText(headline)).toHaveCount(0);
  });

  test('a category that has articles cannot be removed, and says why', async ({ page, admin }) => {
    const name = unique(`Busy desk ${RUN}`);
    const category = await admin.category(name);
    await admin.article(`Filed under ${RUN}`, category._id, await admin.userId());

    await signIn(page);
    await page.goto('/shop/catagory');
    await removeRow(page, name, 'Remove category');
    await expect(notice(page, CATEGORY_HAS_ARTICLES_MESSAGE)).toBeVisible();
    await expect(notice(page, `Could not remove “${name}”`)).toBeVisible();
    await expect(page.getByRole('treeitem').filter({ hasText: name })).toBeVisible();
  });

  test('without Remove: no Remove on the rows, no Trash link, and the trash is closed', async ({ page, admin }) => {
    const category = await admin.category(unique(`Quiet desk ${RUN}`));
    const title = `Untouchable ${RUN}`;
    await admin.article(title, category._id, await admin.userId());
    const role = await admin.role({
      name: unique(`Editor without Remove ${RUN}`),
      description: 'Everything on articles but Remove',
      modelPermissions: { Cms: ['Read', 'Write', 'Edit', 'Edit:own'], Category: ['Read'] },
    });
    const editor = { email: `no-remove-${RUN}@example.com`, password: 'E2e-Editor-Password-1', name: 'Nora NoRemove' };
    await admin.user({ ...editor, roles: [role._id] });

    await signIn(page, editor);
    await page.goto(`/article?search=${encodeURIComponent(title)}`);
    await expect(rowOf(page, title).getByRole('link', { name: `Edit ${title}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove ${title}` })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Trash' })).toHaveCount(0);

    await page.goto('/article/trash');
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE, { exact: true })).toBeVisible();
  });
});
