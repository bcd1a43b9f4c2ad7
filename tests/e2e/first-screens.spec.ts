/**
 * Fast first screens: the login form never waits for the site's details, whose branding fills in when
 * it arrives and shows at once on the next visit; sign-in opens the dashboard without reloading the page, reading
 * its figures and the review count side by side. The branding here is the browser's own (a held and answered
 * request), so the site's real settings, which other specs read, stay as they are.
 */
import { expect, type Page } from '@playwright/test';
import { APP_NAME } from '../../shared/constants';
import { ADMIN, ADMIN_NAME, test, unique } from './support';

const SITE_DETAIL = '**/api/site-management/siteDetail';

/**
 * Holds every GET of the site's details until `release()`, then answers it with `branding`. `asked()` counts the
 * requests that reached the hold.
 */
async function holdSiteDetails(page: Page, branding: Record<string, unknown>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(SITE_DETAIL, async (route) => {
    asked += 1;
    await released;
    await route.fulfill({ json: { data: branding } });
  });
  return { release, asked: () => asked };
}

test.describe('first screens', () => {
  test('the login form shows before the site details arrive, then their branding, kept for the next visit', async ({
    page,
  }) => {
    const siteName = unique('Morning Ledger');
    const branding = {
      _id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
      siteName,
      siteLogo: null,
      siteFavicon: null,
      seo: { title: `${siteName} desk` },
    };
    const footer = (name: string) => page.getByText(`${name} · ${APP_NAME} · Staff access only`, { exact: true });

    const first = await holdSiteDetails(page, branding);
    await page.goto('/login');
    // Usable while the details are still on their way.
    await expect(page.getByLabel('Email')).toBeEnabled();
    await expect(page.getByLabel('Password', { exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect.poll(first.asked).toBe(1);
    await expect(page.getByText(`${APP_NAME} · Staff access only`, { exact: true })).toBeVisible();

    first.release();
    await expect(footer(siteName)).toBeVisible();
    await expect(page).toHaveTitle(`${siteName} desk`);

    // The next visit shows the kept branding at once, while the details are read again (held, then answered).
    await page.unroute(SITE_DETAIL);
    const second = await holdSiteDetails(page, branding);
    await page.reload();
    await expect(page.getByLabel('Email')).toBeEnabled();
    await expect(footer(siteName)).toBeVisible();
    await expect(page).toHaveTitle(`${siteName} desk`);
    await expect.poll(second.asked).toBe(1);
    second.release();
  });

  test('signing in opens the dashboard in the page, reading its figures and the review count side by side', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeEnabled();
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { firstScreensMark: 'same document' }));
    const events: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) events.push(`${request.method()} ${pathname}`);
    });
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) events.push(`done ${request.method()} ${pathname}`);
    });

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN_NAME}` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Refresh the dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as { firstScreensMark?: string }).firstScreensMark)).toBe('same document');

    // The user came with the token; the two reads went out together, once the token was there.
    await expect.poll(() => events).toContain('done GET /api/cms/notification');
    expect(events).not.toContain('GET /api/user/me');
    const at = (event: string) => events.indexOf(event);
    const loggedIn = at('done POST /api/auth/login');
    const dashboard = at('GET /api/dashboard');
    const count = at('GET /api/cms/notification');
    expect(loggedIn, events.join('\n')).toBeGreaterThanOrEqual(0);
    expect(dashboard, events.join('\n')).toBeGreaterThan(loggedIn);
    expect(count, events.join('\n')).toBeGreaterThan(loggedIn);
    expect(Math.max(dashboard, count), events.join('\n')).toBeLessThan(
      Math.min(at('done GET /api/dashboard'), at('done GET /api/cms/notification')),
    );
  });
});
