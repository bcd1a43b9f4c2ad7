/**
 * The article list: status actions, tabs and search, a contributor's view, cards on a phone. Site-wide (see
 * playwright.config.ts): the header's review count is every article waiting for review, whoever wrote it.
 */
import { expect, type Page } from '@playwright/test';
import { StaffApi } from './api';
import { ADMIN_NAME, rowOf, runTag, signIn, signOut, test } from './support';

/** This spec's mark: its titles carry it, and the list's search for it finds only them. */
const RUN = runTag('al');

interface Created {
  _id: string;
  status: string;
}

/** The header bell and the number it shows. */
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications: / });
async function bellCount(page: Page): Promise<number> {
  return Number(await bell(page).getAttribute('data-count'));
}

async function search(page: Page, text: string): Promise<void> {
  const panel = page.getByRole('form', { name: 'Filter articles' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
  await panel.getByRole('textbox', { name: 'Search' }).fill(text);
  await panel.getByRole('button', { name: 'Apply' }).click();
}

test.describe('article list', () => {
  // The tests follow one story: the first approves and publishes what the later ones count on.
  test.describe.configure({ mode: 'serial' });

  const titles = {
    submitted: `Budget review ${RUN} from the desk`,
    draft: `Monsoon draft ${RUN}`,
    published: `Metro opening ${RUN}`,
  };
  const contributor = {
    email: `writer-${RUN}@example.com`,
    password: 'E2e-Writer-Password-1',
    name: 'Wren Writer',
    id: '',
  };
  let categoryId = '';

  test.beforeAll(async ({ request, admin }) => {
    const category = await admin.category(`News ${RUN}`);

    // A contributor: may read, write and edit their own articles, but holds no Edit on Cms.
    const user = await admin.contributor(contributor, {
      name: `Contributor ${RUN}`,
      description: 'Writes articles; an editor publishes them',
    });
    contributor.id = user._id;
    categoryId = category._id;
    const writer = await StaffApi.signIn(request, contributor);

    // The contributor's Publish submits the article for review.
    const submitted = await writer.article<Created>(titles.submitted, category._id, contributor.id, {
      action: 'publish',
    });
    expect(submitted.status).toBe('Need Review');

    const adminId = await admin.userId();
    const draft = await admin.article<Created>(titles.draft, category._id, adminId);
    expect(draft.status).toBe('Draft');
    const published = await admin.article<Created>(titles.published, category._id, adminId, { action: 'publish' });
    expect(published.status).toBe('Published');
  });

  test('an editor approves a submitted article from the list, then publishes it', async ({ page }) => {
    await signIn(page);

    // The bell counts what waits in Need Review and leads there.
    await expect(bell(page)).toBeVisible();
    await expect.poll(() => bellCount(page)).toBeGreaterThanOrEqual(1);
    const waiting = await bellCount(page);
    await bell(page).click();
    await expect(page).toHaveURL(/\/article\?status=Need(\+|%20)Review$/);
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Need Review' })).toHaveAttribute('aria-selected', 'true');

    const row = rowOf(page, titles.submitted);
    await expect(row).toContainText('Need Review');
    await expect(row).toContainText(contributor.name);
    await expect(row.getByRole('button', { name: /^Publish / })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Approve / })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Reject / })).toBeVisible();
    await expect(row.getByRole('link', { name: /^Edit / })).toBeVisible();

    // Cancel changes nothing.
    await row.getByRole('button', { name: /^Approve / }).click();
    const approve = page.getByRole('dialog', { name: 'Approve article' });
    await expect(approve).toContainText(titles.submitted);
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await expect(approve).toHaveCount(0);
    await expect(row).toContainText('Need Review');

    await row.getByRole('button', { name: /^Approve / }).click();
    await page.getByRole('dialog', { name: 'Approve article' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Blog Approved Successfully')).toBeVisible();
    // It left Need Review: gone from this view, and the header count went down with it.
    await expect(row).toHaveCount(0);
    await expect.poll(() => bellCount(page)).toBe(waiting - 1);

    // Back on All, found by its title: Approved, with Publish the only status action left.
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/article$/);
    await search(page, titles.submitted);
    await expect(page).toHaveURL(/search=/);
    await expect(row).toContainText('Approved');
    await expect(row.getByRole('button', { name: /^Approve / })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Reject / })).toHaveCount(0);

    await row.getByRole('button', { name: /^Publish / }).click();
    const publish = page.getByRole('dialog', { name: 'Publish article' });
    await expect(publish).toContainText('goes live on the site now');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Blog Published Successfully')).toBeVisible();
    await expect(row).toContainText('Published');
    await expect(row.getByRole('button', { name: /^Publish / })).toHaveCount(0);
    await expect(row.getByRole('link', { name: /^Edit / })).toHaveAttribute('href', /\/article\/edit\/[0-9A-Z]{26}$/);
  });

  test('the tabs and the search narrow the rows and the total, and survive a reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/article');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    // Every article of this run, on All.
    await search(page, RUN);
    await expect(rowOf(page, RUN)).toHaveCount(3);
    await expect(page.getByText('1–3 of 3 articles')).toBeVisible();

    // Draft: only the draft. The search stays applied.
    await page.getByRole('tab', { name: 'Draft' }).click();
    await expect(page).toHaveURL(/status=Draft/);
    await expect(page).toHaveURL(/search=/);
    await expect(rowOf(page, RUN)).toHaveCount(1);
    await expect(rowOf(page, titles.draft)).toContainText('Draft');
    await expect(page.getByText('1–1 of 1 articles')).toBeVisible();

    // Published: the two published ones (the first test published the submitted one).
    await page.getByRole('tab', { name: 'Published' }).click();
    await expect(page).toHaveURL(/status=Publish/);
    await expect(rowOf(page, titles.published)).toBeVisible();
    await expect(rowOf(page, titles.draft)).toHaveCount(0);
    await expect(rowOf(page, RUN)).toHaveCount(2);
    await expect(page.getByText('1–2 of 2 articles')).toBeVisible();

    // A narrower search: one row, one in the total; a reload keeps tab and filter.
    await search(page, `Metro opening ${RUN}`);
    await expect(rowOf(page, RUN)).toHaveCount(1);
    await expect(page.getByText('1–1 of 1 articles')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Published' })).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(page, titles.published)).toBeVisible();
    await expect(page.getByText('1–1 of 1 articles')).toBeVisible();

    // Nothing matches: the empty state says so and Reset brings the tab's rows back.
    await search(page, `${RUN} nothing like this`);
    await expect(page.getByText('No articles match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/article\?status=Publish$/);
    await expect(rowOf(page, titles.published)).toBeVisible();
  });

  test('a contributor sees Edit only on their own rows and no status actions', async ({ page }) => {
    await signIn(page, contributor);
    await expect(bell(page)).toBeVisible();
    await page.goto('/article');
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Blog' })).toBeVisible();
    await search(page, RUN);
    await expect(rowOf(page, RUN)).toHaveCount(3);

    const own = rowOf(page, titles.submitted);
    await expect(own.getByRole('link', { name: /^Edit / })).toBeVisible();
    for (const title of [titles.draft, titles.published]) {
      const theirs = rowOf(page, title);
      await expect(theirs).toContainText(ADMIN_NAME);
      await expect(theirs.getByRole('link', { name: /^Edit / })).toHaveCount(0);
      await expect(theirs.getByRole('link', { name: /^Preview / })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /^(Publish|Approve|Reject) / })).toHaveCount(0);
    await signOut(page, contributor.name);
  });

  test('a narrow window shows the articles as cards with spelled-out actions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`/article?search=${RUN}&status=Draft`);
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').filter({ hasText: titles.draft });
    await expect(card).toContainText('Draft');
    await expect(card).toContainText(ADMIN_NAME);
    await expect(card.getByRole('link', { name: /^Edit / })).toHaveText('Edit');
    await card.getByRole('link', { name: /^Edit / }).click();
    await expect(page).toHaveURL(/\/article\/edit\/[0-9A-Z]{26}$/);
  });

  test('a status action on a row someone changed meanwhile is refused, and the list shows the latest', async ({
    page,
    request,
  }) => {
    const title = `Late change ${RUN}`;
    const writer = await StaffApi.signIn(request, contributor);
    const created = await writer.article<Created & { version: number }>(title, categoryId, contributor.id, {
      action: 'publish',
    });

    await signIn(page);
    await page.goto(`/article?search=${encodeURIComponent(title)}`);
    const row = rowOf(page, title);
    await expect(row).toContainText('Need Review');

    // The author resubmits it after the list was read: the row's version is stale now.
    await writer.patch(`/api/cms/${created._id}`, { version: created.version, action: 'publish' });

    await row.getByRole('button', { name: /^Approve / }).click();
    await page.getByRole('dialog', { name: 'Approve article' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Could not approve the article')).toBeVisible();
    await expect(page.getByText(/Someone else changed/)).toBeVisible();
    await expect(page.getByText('Blog Approved Successfully')).toHaveCount(0);
    await expect(row).toContainText('Need Review');

    // The reloaded row carries the new version, so a second try goes through.
    await row.getByRole('button', { name: /^Approve / }).click();
    await page.getByRole('dialog', { name: 'Approve article' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Blog Approved Successfully')).toBeVisible();
    await expect(row).toContainText('Approved');
  });
});
