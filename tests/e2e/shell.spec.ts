import { expect } from '@playwright/test';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import { ADMIN, LIMITED, signIn, test } from './support';

test.describe('admin shell', () => {
  test('an admin signs in, moves around with the sidebar and signs out', async ({ page }) => {
    await signIn(page);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Admin' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Ada Admin' })).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('button', { name: 'Access Management' }).click();
    await sidebar.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('heading', { name: 'Manage User' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('button', { name: 'Blog Management' }).click();
    await sidebar.getByRole('link', { name: 'Manage Blog' }).click();
    await expect(page).toHaveURL(/\/article$/);
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();

    await sidebar.getByRole('link', { name: 'Breaking News' }).click();
    await expect(page).toHaveURL(/\/breraking-news$/);
    await expect(page.getByRole('heading', { name: 'Manage Category' })).toBeVisible();

    // A form screen has a back button to its list.
    await page.goto('/user/create');
    await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/user$/);

    // The header logo leads to /admin, which is the dashboard.
    await page.getByRole('link', { name: /home$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Admin' })).toBeVisible();

    // The session survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Admin' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu for Ada Admin' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the user menu opens the profile and change-password screens', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Account menu for Ada Admin' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu for Ada Admin' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('a wrong password shows the reason and keeps the visitor on the login page', async ({ page }) => {
    await signIn(page, { ...ADMIN, password: 'not-the-password' }, { expectWelcome: false });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login form explains what is missing after a submit attempt', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Email is not valid')).toBeVisible();
  });

  test('a user without roles sees the denial inside the layout and only the screens open to everyone', async ({
    page,
  }) => {
    await signIn(page, LIMITED);
    await expect(page.getByRole('heading', { name: 'Welcome back, Lee Limited' })).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    // Only what the user can use: the dashboard; Site Management and Home Page, open to all but changing nothing
    // for a user who holds nothing on them, are left out.
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Site Management' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Home Page' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Access Management' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Blog Management' })).toHaveCount(0);

    await page.goto('/user');
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Lee Limited' })).toBeVisible();

    // Screens that declare no resource stay open.
    await page.goto('/home/top-headline');
    await expect(page.getByRole('heading', { name: 'Manage Top Headlines' })).toBeVisible();
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE)).toHaveCount(0);
  });

  test('a signed-out visitor is sent to the login page', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    // The default title: uploads.spec.ts, which gives the site one, runs after this spec (playwright.config.ts).
    await expect(page).toHaveTitle('Blog');
  });

  test('an unknown path shows a friendly not-found page inside the layout', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Admin' })).toBeVisible();
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('on a narrow window the sidebar folds behind a burger', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Admin' })).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Breaking News' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await sidebar.getByRole('link', { name: 'Breaking News' }).click();

    await expect(page.getByRole('heading', { name: 'Manage Category' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Breaking News' })).not.toBeInViewport();
  });
});
