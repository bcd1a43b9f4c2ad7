/**
 * Uploads on Site Management. Site-wide (see playwright.config.ts): the site settings are one record, and the logo
 * and title saved here show on every page, the login page's tab included.
 */
import { expect } from '@playwright/test';
import { uploader } from './controls';
import { png } from './files';
import { SLOW_STEP_TIMEOUT, signIn, test } from './support';

test.describe('uploads on Site Management', () => {
  test('an admin uploads a logo, sees it previewed, saves, and the header shows it', async ({ page }) => {
    await signIn(page);
    await page.goto('/site-management');
    await expect(page.getByRole('heading', { name: 'Site Management' })).toBeVisible();
    const banner = page.getByRole('banner');

    const logo = uploader(page, 'Site logo');
    await logo.getByLabel('Site logo').setInputFiles({
      name: 'newsroom-logo-2026.png',
      mimeType: 'image/png',
      buffer: png(120, 40, [28, 74, 146]),
    });
    // The percentage while it goes (a small file may be done before we look), then 'Uploaded.'.
    await expect(logo.getByText(/^(\d+%|Checking the file…|Uploaded\.)$/)).toBeVisible();
    await expect(logo.getByText('Uploaded.')).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    // Shown shortened (8 characters plus the extension) and previewed from the stored file.
    await expect(logo.getByText('newsroom.png', { exact: true })).toBeVisible();
    const preview = logo.getByRole('img', { name: 'Preview of newsroom.png' });
    await expect(preview).toHaveAttribute('src', /^\/media\/site-logo\/[0-9a-z]+\.png$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    const logoUrl = await preview.getAttribute('src');

    await page.getByLabel('Site name').fill('The Daily Example');
    await page.getByLabel('SEO title').fill('Daily Example News');
    await page.getByLabel('SEO description').fill('The news of the day, every day');
    await page.getByLabel('SEO keywords').fill('news, daily, example');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText(/^Site Detail (added|Updated) Successfully$/)).toBeVisible();
    // The header and the tab follow at once, without a reload.
    await expect(banner.locator('img')).toHaveAttribute('src', logoUrl ?? '');
    await expect(page).toHaveTitle('Daily Example News');
    await expect(page).toHaveURL(/\/site-management$/);
    expect(await page.evaluate(() => window.localStorage.getItem('siteId'))).toMatch(/^[0-9A-Z]{26}$/);

    // After a reload the saved logo is still there, with its name read from the asset.
    await page.reload();
    await expect(uploader(page, 'Site logo').getByText('newsroom.png', { exact: true })).toBeVisible();
    await expect(uploader(page, 'Site logo').getByRole('img', { name: 'Preview of newsroom.png' })).toHaveAttribute(
      'src',
      logoUrl ?? '',
    );
  });

  test('a file over 3 MB is refused in the browser, with its shortened name and the reason', async ({ page }) => {
    await signIn(page);
    await page.goto('/site-management');
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/asset/upload')) starts.push(request.url());
    });

    const favicon = uploader(page, 'Favicon');
    await favicon.getByLabel('Favicon').setInputFiles({
      name: 'photo-london-bridge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(3 * 1024 * 1024 + 1, 7),
    });
    await expect(favicon.getByRole('alert')).toHaveText('photo-lo.png — Too large: at most 3 MB');
    expect(starts).toEqual([]);

    await favicon.getByRole('button', { name: 'Dismiss' }).click();
    await expect(favicon.getByRole('alert')).toHaveCount(0);
  });

  test('a .png that is really a PDF is rejected by the server after upload', async ({ page }) => {
    await signIn(page);
    await page.goto('/site-management');
    const favicon = uploader(page, 'Favicon');
    await favicon.getByLabel('Favicon').setInputFiles({
      name: 'favicon.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600, 32)]),
    });
    await expect(favicon.getByRole('alert')).toHaveText(
      'favicon.png — Failed verification: the content is PDF, not PNG',
      { timeout: SLOW_STEP_TIMEOUT },
    );
    await expect(favicon.getByText('Uploaded.')).toHaveCount(0);
    await expect(favicon.getByRole('button', { name: 'Choose file' })).toBeVisible();
  });

  test('cancel stops an upload and tells the API to drop it', async ({ page }) => {
    await signIn(page);
    await page.goto('/site-management');
    // Hold the bytes on their way to storage until the test has cancelled the upload, so it is caught in progress.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    // The bytes reaching storage means the API has made the upload's record, which Cancel must then drop.
    let reachedStorage = () => {};
    const sending = new Promise<void>((resolve) => {
      reachedStorage = resolve;
    });
    await page.route('**/s3/**', async (route) => {
      reachedStorage();
      await held;
      await route.continue().catch(() => undefined);
    });
    const aborted = page.waitForRequest(
      (request) => request.method() === 'DELETE' && /\/api\/asset\/[0-9A-Z]{26}\/upload$/.test(request.url()),
    );

    const favicon = uploader(page, 'Favicon');
    await favicon.getByLabel('Favicon').setInputFiles({
      name: 'slow-icon.png',
      mimeType: 'image/png',
      buffer: png(32, 32, [200, 40, 40]),
    });
    await expect(favicon.getByText(/^\d+%$/)).toBeVisible();
    await expect(favicon.getByRole('img', { name: 'Preview of slow-ico.png' })).toHaveAttribute('src', /^blob:/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await sending;
    await favicon.getByRole('button', { name: 'Cancel' }).click();
    expect((await (await aborted).response())?.status()).toBe(200);
    await expect(favicon.getByRole('button', { name: 'Choose file' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    letThrough();
  });
});
