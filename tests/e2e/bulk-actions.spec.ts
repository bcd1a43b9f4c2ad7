/**
 * The article list's bulk actions and order: three picked articles in mixed states get Approve, and
 * each row's result is reported (approved; refused because someone else is editing it; skipped as a Draft); the
 * order by last update lives in the URL. The articles are this spec's own (a search for its tag finds them).
 */
import { expect, type Page } from '@playwright/test';
import { type Article, StaffApi } from './api';
import { rowOf, runTag, signIn, test } from './support';

const RUN = runTag('bulk');

const titles = {
  waiting: `Harbour review ${RUN} waiting`,
  draft: `Harbour draft ${RUN} unfinished`,
  locked: `Harbour review ${RUN} being edited`,
};

const checkbox = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}` });

test.describe('bulk actions and order on the article list', () => {
  test.describe.configure({ mode: 'serial' });

  const editor = { email: `other-editor-${RUN}@example.com`, password: 'E2e-Editor-Password-1', name: 'Ed Other' };
  let draftId = '';
  let categoryId = '';

  test.beforeAll(async ({ request, admin }) => {
    const category = await admin.category(`Harbour ${RUN}`);
    categoryId = category._id;
    const adminId = await admin.userId();

    // A contributor's Publish sends an article to Need Review.
    const writer = { email: `writer-${RUN}@example.com`, password: 'E2e-Writer-Password-1', name: 'Wren Writer' };
    const writerId = (await admin.contributor(writer, { name: `Writer ${RUN}`, description: 'Submits for review' }))
      ._id;
    const asWriter = await StaffApi.signIn(request, writer);
    const waiting = await asWriter.article<Article>(titles.waiting, category._id, writerId, { action: 'publish' });
    const locked = await asWriter.article<Article>(titles.locked, category._id, writerId, { action: 'publish' });
    expect([waiting.status, locked.status]).toEqual(['Need Review', 'Need Review']);
    draftId = (await admin.article<Article>(titles.draft, category._id, adminId))._id;

    // Another editor opens one of them: their live edit lock makes the API refuse a list action on it.
    const role = await admin.role({
      name: `Other editor ${RUN}`,
      description: 'Edits articles',
      modelPermissions: { Cms: ['Read', 'Edit'], Category: ['Read'] },
    });
    await admin.user({ ...editor, roles: [role._id] });
    const asEditor = await StaffApi.signIn(request, editor);
    const lock = await asEditor.post<{ mine: boolean }>(`/api/cms/${locked._id}/lock`, {});
    expect(lock.mine).toBe(true);
  });

  test('Approve on three mixed rows reports each row: approved, refused with the reason, skipped', async ({ page }) => {
    await signIn(page);
    await page.goto(`/article?search=${RUN}`);
    await expect(rowOf(page, RUN)).toHaveCount(3);
    await expect(page.getByRole('group', { name: /^Bulk actions/ })).toHaveCount(0);

    // Picked with the mouse and from the keyboard.
    await checkbox(page, titles.waiting).check();
    await checkbox(page, titles.draft).check();
    await checkbox(page, titles.locked).focus();
    await page.keyboard.press('Space');
    await expect(checkbox(page, titles.locked)).toBeChecked();

    const bar = page.getByRole('group', { name: 'Bulk actions for 3 selected articles' });
    await expect(bar).toContainText('3 selected');
    // What the workflow table allows for at least one of them: Need Review rows can be published, approved,
    // rejected; nothing here is live, so no Retract.
    for (const label of ['Publish', 'Approve', 'Reject', 'Move to trash'])
      await expect(bar.getByRole('button', { name: label, exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Retract', exact: true })).toHaveCount(0);

    await bar.getByRole('button', { name: 'Approve', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Approve: 2 articles' });
    await expect(ask).toContainText('1 of the 3 selected is skipped');
    await expect(ask).toContainText('You cannot approve an article that is Draft');
    await ask.getByRole('button', { name: 'Approve', exact: true }).click();

    const results = page.getByRole('dialog', { name: 'Approve: results' });
    await expect(results.getByRole('status')).toHaveText('1 approved, 1 refused, 1 skipped');
    const result = (title: string) => results.getByRole('listitem').filter({ hasText: title });
    await expect(result(titles.waiting)).toContainText('Approved');
    await expect(result(titles.locked)).toContainText('Refused');
    await expect(result(titles.locked)).toContainText('Ed Other is editing this article');
    await expect(result(titles.draft)).toContainText('Skipped');
    await expect(result(titles.draft)).toContainText('You cannot approve an article that is Draft');
    await results.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(results).toHaveCount(0);

    // The list re-read: the approved one is Approved, the others as they were, and nothing is picked any more.
    await expect(rowOf(page, titles.waiting)).toContainText('Approved');
    await expect(rowOf(page, titles.locked)).toContainText('Need Review');
    await expect(rowOf(page, titles.draft)).toContainText('Draft');
    await expect(page.getByRole('group', { name: /^Bulk actions/ })).toHaveCount(0);
    await expect(checkbox(page, titles.waiting)).not.toBeChecked();
  });

  test('the order by last update is kept in the URL, and offered only where an index holds it', async ({
    page,
    admin,
  }) => {
    // The draft is updated last (a list Publish), after the approval of the first test.
    const draft = await admin.get<Article>(`/api/cms/detail/${draftId}`);
    await admin.patch(`/api/cms/${draftId}`, { version: draft.version, action: 'publish' });
    const order = async (expected: string[]) => {
      for (const [index, title] of expected.entries())
        await expect(page.getByRole('row').nth(index + 1)).toContainText(title);
    };

    await signIn(page);
    // This spec's category (a filter, not a search, so the list can be ordered): its three articles.
    await page.goto(`/article?categories=${categoryId}`);
    await expect(rowOf(page, RUN)).toHaveCount(3);
    await order([titles.draft, titles.locked, titles.waiting]);

    const sort = page.getByRole('combobox', { name: 'Sort' });
    await expect(sort).toHaveValue('Newest first');
    await sort.click();
    await page.getByRole('option', { name: 'Recently updated', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/article\\?categories=${categoryId}&sort=updated$`));
    await order([titles.draft, titles.waiting, titles.locked]);
    await page.reload();
    await expect(sort).toHaveValue('Recently updated');
    await order([titles.draft, titles.waiting, titles.locked]);

    await sort.click();
    await page.getByRole('option', { name: 'Least recently updated' }).click();
    await expect(page).toHaveURL(/sort=updated&order=asc$/);
    await order([titles.locked, titles.waiting, titles.draft]);

    // A status tab has no index by last update: the order goes, and the option says where it can be had.
    await page.getByRole('tab', { name: /^Published/ }).click();
    await expect(page).toHaveURL(new RegExp(`/article\\?categories=${categoryId}&status=Publish$`));
    await expect(sort).toHaveValue('Newest first');
    await sort.click();
    await expect(page.getByRole('option', { name: 'Recently updated (All tab only)', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');

    // A title search lists the newest first, and says so.
    await page.goto(`/article?search=${RUN}&sort=updated`);
    await expect(sort).toBeDisabled();
    await expect(page.getByText('Search results are listed newest first')).toBeVisible();
    await expect(rowOf(page, RUN)).toHaveCount(3);
  });
});
