/**
 * Least privilege as the web app shows it: the site settings and the home page open read-only to those who may not
 * change them, a role with Edit on the home page gets the editor, the permission grid offers only the actions each
 * area has, and the audit trail is for super admins. Site-wide (see playwright.config.ts): it sets the home page
 * layout, one record for the whole site, and reads the audit trail of everyone's actions.
 */
import { expect } from '@playwright/test';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import type { StaffApi } from './api';
import { ADMIN, LIMITED, runTag, signIn, test, textbox, unique } from './support';

const RUN = runTag('lp');
const PASSWORD = 'E2e-Least-Privilege-1';
const SITE_REASON = 'Changing the site settings needs Edit on Site Management; ask an administrator.';
const LAYOUT_REASON = 'Changing the home page needs Edit on Home Page; ask an administrator.';

async function setLayout(admin: StaffApi, body: unknown): Promise<void> {
  const response = await admin.saveHomeLayout(await admin.homeLayout(), body);
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('least privilege in the web app', () => {
  test.describe.configure({ mode: 'serial' });

  const titles = [`Read-only lead ${RUN}`, `Read-only second ${RUN}`];

  test.beforeAll(async ({ admin }) => {
    const adminId = await admin.userId();
    const category = await admin.category(`Read-only ${RUN}`);
    const ids: string[] = [];
    for (const title of titles)
      ids.push((await admin.article(title, category._id, adminId, { action: 'publish' }))._id);
    await setLayout(admin, {
      headlines: ids,
      topStory: [],
      coverStory: ids[0],
      sections: [
        {
          type: 'Category',
          category: category._id,
          articles: [ids[1]],
          name: `Desk ${RUN}`,
          template: 'template-1',
          color: '#1c4a92',
        },
      ],
    });
  });

  test('without Edit on Site Management the settings open read-only, with the reason', async ({ page }) => {
    await signIn(page, LIMITED);
    await page.goto('/site-management');
    await expect(page.getByRole('heading', { name: 'Site Management' })).toBeVisible();
    await expect(page.getByText(SITE_REASON)).toBeVisible();
    await expect(textbox(page, 'Site name')).toBeDisabled();
    await expect(textbox(page, 'SEO title')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose file' })).toHaveCount(0);
  });

  test('without Edit on Home Page the curation screens show the layout and change nothing', async ({ page }) => {
    await signIn(page, LIMITED);
    await page.goto('/home/top-headline');
    await expect(page.getByText(LAYOUT_REASON)).toBeVisible();
    const list = page.getByRole('list', { name: 'Top headlines' });
    await expect(list.locator(':scope > li')).toHaveCount(2);
    await expect(list.locator(':scope > li').first()).toHaveAttribute('aria-label', titles[0] ?? '');
    await expect(page.getByRole('button', { name: `Move ${titles[0]}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Remove ${titles[0]}` })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Search published articles' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    await page.goto('/home/cover-story');
    await expect(page.getByRole('region', { name: 'Chosen cover story' })).toContainText(titles[0] ?? '');
    await expect(page.getByRole('button', { name: /^Clear the cover story/ })).toHaveCount(0);

    await page.goto('/home/manage-section');
    await expect(page.getByText(LAYOUT_REASON)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add section' })).toHaveCount(0);
    // The only section opens unfolded; its fields show, disabled.
    await expect(page.getByRole('button', { name: `Hide details Desk ${RUN}` })).toBeVisible();
    await expect(textbox(page, 'Section name')).toBeDisabled();
    await expect(textbox(page, 'Section name')).toHaveValue(`Desk ${RUN}`);
    await expect(page.getByRole('list', { name: `Articles of Desk ${RUN}` }).locator(':scope > li')).toHaveCount(1);
    await expect(page.getByRole('button', { name: `Remove Desk ${RUN}` })).toHaveCount(0);
  });

  test('a role with Edit on Home Page but no Read on articles gets the editor, and the picker says why', async ({
    page,
    admin,
  }) => {
    const role = await admin.role({
      name: unique('E2E Home editor'),
      description: 'Arranges the home page',
      modelPermissions: { Layout: ['Read', 'Edit'] },
    });
    const email = `${unique('home-editor')}@example.com`.toLowerCase();
    await admin.user({ email, name: 'Hema Home', password: PASSWORD, roles: [role._id] });

    await signIn(page, { email, password: PASSWORD });
    await page.goto('/home/top-headline');
    await expect(page.getByRole('heading', { name: 'Manage Top Headlines' })).toBeVisible();
    await expect(page.getByText('Article search is not available')).toBeVisible();
    await expect(page.getByText(LAYOUT_REASON)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Top headlines' }).locator(':scope > li')).toHaveCount(2);
  });

  test("a contributor's sidebar has no Site Management or Home Page; screens they can only read are marked", async ({
    page,
    admin,
  }) => {
    const email = `${unique('contributor')}@example.com`.toLowerCase();
    await admin.contributor(
      { email, name: 'Cory Contributor', password: PASSWORD },
      { name: unique('E2E Contributor'), description: 'Writes articles' },
    );
    await signIn(page, { email, password: PASSWORD });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Blog Management', exact: true })).toBeVisible();
    await expect(nav.getByText('Site Management')).toHaveCount(0);
    await expect(nav.getByText('Home Page')).toHaveCount(0);
    await expect(nav.getByText('Administration')).toHaveCount(0);
    // Categories they may only read: the link says so, in its name too.
    const categories = nav.getByRole('link', { name: 'Manage Categories Read-only', exact: true });
    await expect(categories).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Blog Management', exact: true })).not.toContainText('Read-only');
    // The screen itself still opens by its address, read-only, as before.
    await page.goto('/site-management');
    await expect(page.getByText(SITE_REASON)).toBeVisible();

    // With Read on Site Management and Home Page, both show, marked read-only; with Edit, unmarked.
    const readers = await admin.role({
      name: unique('E2E Site reader'),
      description: 'Looks at the site settings',
      modelPermissions: { Site: ['Read'], Layout: ['Read', 'Edit'] },
    });
    const reader = `${unique('site-reader')}@example.com`.toLowerCase();
    await admin.user({ email: reader, name: 'Rita Reader', password: PASSWORD, roles: [readers._id] });
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, { email: reader, password: PASSWORD });
    await expect(nav.getByRole('link', { name: 'Site Management Read-only', exact: true })).toBeVisible();
    const home = nav.getByRole('button', { name: 'Home Page', exact: true });
    await expect(home).toBeVisible();
    await home.click();
    await expect(nav.getByRole('link', { name: 'Top Headlines', exact: true })).toBeVisible();
  });

  test('the role form offers only Read and Edit for Site Management and Home Page', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/role/create');
    for (const area of ['Site Management', 'Home Page']) {
      await expect(page.getByRole('checkbox', { name: `${area}: Read` })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: `${area}: Edit` })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: `${area}: Write` })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: `${area}: Edit:own` })).toHaveCount(0);
    }
    // 'All' ticks only what the row offers.
    await page.getByRole('checkbox', { name: 'Site Management: all' }).check();
    await expect(page.getByRole('checkbox', { name: 'Site Management: Read' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Site Management: Edit' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Site Management: all' })).toBeChecked();
  });

  test('the audit trail is for super admins, filtered through the URL', async ({ page, request, admin }) => {
    const role = await admin.role({
      name: unique('E2E User admin'),
      description: 'Manages users',
      modelPermissions: { User: ['Read', 'Write', 'Edit'], Role: ['Read'] },
    });
    const email = `${unique('useradmin')}@example.com`.toLowerCase();
    await admin.user({ email, name: 'Uma Useradmin', password: PASSWORD, roles: [role._id] });
    // A failed sign-in to find.
    const failed = await request.post('/api/auth/login', { data: { email, password: 'not-the-password' } });
    expect(failed.ok()).toBe(false);

    await signIn(page, { email, password: PASSWORD });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail' })).toHaveCount(
      0,
    );
    await page.goto('/audit');
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE, { exact: true })).toBeVisible();

    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, ADMIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit entries' });
    await expect(table.getByRole('row').filter({ hasText: 'Uma Useradmin' }).first()).toBeVisible();

    // Filter by action: the choice goes into the URL and only such entries remain.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Sign-in failed' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]action=signInFailed/);
    const failedRow = table.getByRole('row').filter({ hasText: email });
    await expect(failedRow.first()).toContainText('Sign-in failed');
    const actions = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions.every((text) => text.includes('Sign-in failed'))).toBe(true);

    // The URL alone restores the filter.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('Sign-in failed');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/audit$/);
  });
});
