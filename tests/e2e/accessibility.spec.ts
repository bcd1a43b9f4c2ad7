/**
 * Every screen of the app, and its key open states, checked with axe-core: no serious or critical
 * violation of WCAG 2.1 A/AA or axe's best practices (a11y.ts). The admin sees every screen; each edit screen opens a
 * record this spec made through the API, each trash holds one it removed, and the editors show stored rich text.
 * A few main screens are checked again at a phone's 390 × 844. Nothing here changes the home layout or the site.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { makeEveryRecord, recordNames, signInUsers } from './a11y-records';
import { ADMIN_NAME, rowOf, runTag, SLOW_STEP_TIMEOUT, signIn, test } from './support';

const RUN = runTag('ax');
const { twoFactor: TWO_FACTOR_USER, enrolling: ENROLLING_USER } = signInUsers(RUN);
/** This worker's records (see the beforeAll). */
let records: Promise<Record<string, string>> | undefined;

/** A screen to check: where it is, the heading that says it is there, and what else shows once its data is in. */
interface Screen {
  name: string;
  path: string;
  heading: string;
  /** Text the screen shows once loaded (a record's name in a list). */
  see?: string;
}

/** Waits until nothing on the screen is still loading: spinners, skeletons, rich-text fields starting up. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root[data-visible]').filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('[data-rich-text]:not([data-ready="true"])')).toHaveCount(0);
}

async function visit(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { name: screen.heading, exact: true }).first()).toBeVisible();
  if (screen.see) await expect(page.getByText(screen.see, { exact: false }).first()).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, screen.name);
}

async function visitAll(page: Page, screens: Screen[]): Promise<void> {
  for (const screen of screens) await visit(page, screen);
}

test.describe('accessibility of every screen', () => {
  // The checks do not build on each other, so they spread over the workers. In parallel mode a worker runs this
  // beforeAll before each check it takes; the records are made once per worker, under the worker's own RUN.
  test.describe.configure({ mode: 'parallel' });
  let ids: Record<string, string> = {};
  const name = recordNames(RUN);

  test.beforeAll(async ({ admin, request }) => {
    records ??= makeEveryRecord(admin, request, RUN);
    ids = await records;
  });

  test('sign-in: the login form, its messages, the two-factor step and the enforced set-up', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login with messages');

    await page.getByLabel('Email').fill(TWO_FACTOR_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(TWO_FACTOR_USER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    await expectNoSeriousA11yViolations(page, 'login: two-factor step');

    await signIn(page, ENROLLING_USER, { expectWelcome: false });
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible({
      timeout: SLOW_STEP_TIMEOUT,
    });
    await expectNoSeriousA11yViolations(page, 'two-factor set-up required by a role');
    await page.getByRole('button', { name: 'Set up now' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    // What a user scans: the drawn code, not the spinner that covers it while the QR library loads.
    await expect(page.getByRole('status', { name: 'Drawing the QR code' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'two-factor set-up: the QR code and key');
  });

  test('the dashboard and every list', async ({ page }) => {
    test.slow();
    await signIn(page);
    await visitAll(page, [
      { name: 'dashboard', path: '/', heading: `Welcome back, ${ADMIN_NAME}` },
      { name: 'user list', path: '/user', heading: 'Manage User' },
      { name: 'role list', path: '/role', heading: 'Manage Role' },
      { name: 'article list', path: `/article?search=${RUN}`, heading: 'Blog Management', see: name.article },
      { name: 'e-paper list', path: `/epaper?search=${RUN}`, heading: 'Epaper Management', see: name.epaper },
      { name: 'advertisement list', path: '/advertisement', heading: 'Advertisement Management' },
      { name: 'client list', path: '/client', heading: 'Client Management' },
      { name: 'menu list', path: '/menu', heading: 'Menu Management' },
      { name: 'category tree', path: '/shop/catagory', heading: 'Manage Category', see: name.category },
      { name: 'breaking news list', path: '/breraking-news', heading: 'Manage Category' },
      { name: 'audit trail', path: '/audit', heading: 'Audit Trail' },
      { name: 'media library', path: '/media-library', heading: 'Media Library' },
    ]);
  });

  test('every add and edit form, and the role grid', async ({ page }) => {
    test.slow();
    await signIn(page);
    await visitAll(page, [
      { name: 'create user', path: '/user/create', heading: 'Create User' },
      { name: 'edit user', path: `/user/edit/${ids.user}`, heading: 'Edit User' },
      { name: 'change a user’s password', path: `/user/change-password/${ids.user}`, heading: 'Change Password' },
      { name: 'create role (permission grid)', path: '/role/create', heading: 'Create Role' },
      { name: 'edit role (permission grid)', path: `/role/edit/${ids.role}`, heading: 'Edit Role' },
      { name: 'add e-paper', path: '/epaper/create', heading: 'Add Epaper' },
      { name: 'edit e-paper', path: `/epaper/edit/${ids.epaper}`, heading: 'Update Epaper' },
      { name: 'add advertisement', path: '/advertisement/create', heading: 'Add Advertisement' },
      { name: 'edit advertisement', path: `/advertisement/edit/${ids.ad}`, heading: 'Update Advertisement' },
      { name: 'add client', path: '/client/create', heading: 'Add Client' },
      { name: 'edit client', path: `/client/edit/${ids.client}`, heading: 'Update Client' },
      { name: 'add menu', path: '/create', heading: 'Add Menu' },
      { name: 'edit menu', path: `/menu/${ids.menu}`, heading: 'Edit Menu' },
    ]);
  });

  test('the article editors of all five types, with their rich text, and the preview', async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404 }));
    await page.route('https://images.example.com/**', (route) => route.fulfill({ status: 404 }));
    await visitAll(page, [
      { name: 'add article', path: '/article/create', heading: 'Add Article' },
      { name: 'edit article', path: `/article/edit/${ids.article}`, heading: 'Update Article', see: 'Ships are back' },
      { name: 'edit blog', path: `/article/edit/${ids.blog}`, heading: 'Update Article', see: 'Ships are back' },
      { name: 'add video', path: '/article/video/create', heading: 'Add Video' },
      { name: 'edit video', path: `/article/video/edit/${ids.video}`, heading: 'Update Video' },
      { name: 'add gallery', path: '/article/gallery/create', heading: 'Add Gallery' },
      { name: 'edit gallery', path: `/article/gallery/edit/${ids.gallery}`, heading: 'Update Gallery' },
      { name: 'add page', path: '/page/create', heading: 'Add Page' },
      { name: 'edit page', path: `/page/edit/${ids.page}`, heading: 'Update Page', see: 'A newsroom.' },
      { name: 'preview', path: `/preview/${ids.article}`, heading: name.article },
    ]);
  });

  test('every trash', async ({ page }) => {
    test.slow();
    await signIn(page);
    const { removed } = name;
    await visitAll(page, [
      { name: 'article trash', path: '/article/trash', heading: 'Article Trash', see: removed },
      { name: 'category trash', path: '/shop/catagory/trash', heading: 'Category Trash', see: removed },
      { name: 'client trash', path: '/client/trash', heading: 'Client Trash', see: removed },
      { name: 'advertisement trash', path: '/advertisement/trash', heading: 'Advertisement Trash', see: removed },
      { name: 'e-paper trash', path: '/epaper/trash', heading: 'Epaper Trash', see: removed },
      { name: 'breaking news trash', path: '/breraking-news/trash', heading: 'Breaking News Trash', see: removed },
      { name: 'menu trash', path: '/menu/trash', heading: 'Menu Trash' },
    ]);
  });

  test('home curation, site management, profile and the not-found page', async ({ page }) => {
    test.slow();
    await signIn(page);
    await visitAll(page, [
      { name: 'top headlines', path: '/home/top-headline', heading: 'Manage Top Headlines' },
      { name: 'top stories', path: '/home/top-story', heading: 'Manage Top Stories' },
      { name: 'cover story', path: '/home/cover-story', heading: 'Manage Cover Story' },
      { name: 'home sections', path: '/home/manage-section', heading: 'Manage Home Page Sections' },
      { name: 'site management', path: '/site-management', heading: 'Site Management' },
      { name: 'profile', path: '/profile', heading: 'Profile' },
      { name: 'change own password', path: '/change-password', heading: 'Change Password' },
      { name: 'not found', path: '/no-such-screen', heading: 'Page not found' },
    ]);
  });

  test('open states: modals, dialogs, menus, pickers, drawers and the mobile navigation', async ({ page }) => {
    test.slow();
    await signIn(page);
    const check = async (screen: string) => {
      await settled(page);
      await expectNoSeriousA11yViolations(page, screen);
    };

    await page.getByRole('button', { name: `Account menu for ${ADMIN_NAME}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await check('account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: /^Notifications: / }).hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await check('notification bell with its tooltip');

    await visit(page, { name: 'category tree', path: '/shop/catagory', heading: 'Manage Category' });
    await page.getByRole('button', { name: 'Add Category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Category' });
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await check('category modal with its messages');
    await page.keyboard.press('Escape');

    await visit(page, { name: 'breaking news list', path: '/breraking-news', heading: 'Manage Category' });
    await rowOf(page, name.breaking)
      .getByRole('button', { name: `Remove ${name.breaking}` })
      .click();
    await expect(page.getByRole('dialog', { name: 'Remove headline' })).toBeVisible();
    await check('confirm dialog');
    await page.keyboard.press('Escape');

    await visit(page, {
      name: 'article list',
      path: `/article?search=${RUN}`,
      heading: 'Blog Management',
      see: name.article,
    });
    await rowOf(page, name.article).getByRole('checkbox').check();
    await expect(page.getByText('1 selected', { exact: false }).first()).toBeVisible();
    await check('article list with a row selected');

    await visit(page, { name: 'edit article', path: `/article/edit/${ids.article}`, heading: 'Update Article' });
    await page.getByRole('combobox', { name: 'Categories' }).fill(name.otherCategory);
    await expect(page.getByRole('option', { name: name.otherCategory })).toBeVisible();
    await check('category select open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish date', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Apply date and time' })).toBeVisible();
    await check('date-time picker open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Revisions' }).click();
    await expect(page.getByRole('dialog', { name: 'Revisions' })).toBeVisible();
    await check('revisions drawer');
    await page.keyboard.press('Escape');

    await visit(page, { name: 'top headlines', path: '/home/top-headline', heading: 'Manage Top Headlines' });
    await page.getByRole('textbox', { name: 'Search published articles' }).fill(RUN);
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('listitem', { name: name.blog }),
    ).toBeVisible();
    await check('home picker searched');
    await visit(page, { name: 'home sections', path: '/home/manage-section', heading: 'Manage Home Page Sections' });
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(page.getByRole('menuitem', { name: /^Category/ })).toBeVisible();
    await check('add-section menu');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeInViewport();
    await check('mobile navigation drawer (390 px)');
  });

  test('main screens on a phone (390 × 844)', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login (390 px)');
    await signIn(page);
    await visitAll(page, [
      { name: 'dashboard (390 px)', path: '/', heading: `Welcome back, ${ADMIN_NAME}` },
      { name: 'article list (390 px)', path: `/article?search=${RUN}`, heading: 'Blog Management', see: name.article },
      { name: 'edit article (390 px)', path: `/article/edit/${ids.article}`, heading: 'Update Article' },
      { name: 'user list (390 px)', path: '/user', heading: 'Manage User' },
      { name: 'top headlines (390 px)', path: '/home/top-headline', heading: 'Manage Top Headlines' },
      { name: 'site management (390 px)', path: '/site-management', heading: 'Site Management' },
    ]);
  });
});
