/**
 * Preview links (CONTRACT.md §7 Preview links): Site Management sets where the site shows a preview, and the
 * editor's Preview opens it with a signed token that the delivery API's preview route takes. Site-wide (see
 * playwright.config.ts): the preview link is a setting of the one site record; the test sets it back to none.
 */
import { expect, type Page } from '@playwright/test';
import type { Article } from './api';
import { articleData } from './api';
import { articleActions } from './controls';
import { runTag, signIn, test } from './support';

const RUN = runTag('pl');

/** Site Management's form with `previewUrl` typed, and the site's required fields filled where empty; then Save. */
async function savePreviewUrl(page: Page, previewUrl: string) {
  await page.goto('/site-management');
  await expect(page.getByRole('heading', { name: 'Site Management' })).toBeVisible();
  for (const [label, value] of [
    ['Site name', 'The Daily Example'],
    ['SEO title', 'Daily Example News'],
    ['SEO description', 'The news of the day, every day'],
  ] as const) {
    const field = page.getByLabel(label);
    if (!(await field.inputValue())) await field.fill(value);
  }
  await page.getByLabel('Preview link').fill(previewUrl);
  await page.getByRole('button', { name: 'Save' }).click();
}

test.describe('preview links', () => {
  test('the editor’s Preview opens the site’s preview page with a token the delivery API takes', async ({
    page,
    admin,
  }) => {
    await signIn(page);
    const origin = new URL(page.url()).origin;

    // Refused with the rule's words, under the field.
    await savePreviewUrl(page, 'http://news.example/preview/{slug}?token={token}');
    await expect(
      page.getByText('Enter a preview link starting with https:// (http:// only for localhost)'),
    ).toBeVisible();
    await page.getByLabel('Preview link').fill('https://news.example/preview');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The preview link must contain {slug} and {token}')).toBeVisible();

    // A developer's site on this machine: http://localhost is taken.
    await savePreviewUrl(page, `${origin}/site-preview/{slug}?token={token}`);
    await expect(page.getByText(/^Site Detail (added|Updated) Successfully$/)).toBeVisible();

    const category = await admin.category(`Preview desk ${RUN}`);
    const title = `Preview me ${RUN}`;
    const article = await admin.create<Article & { slug: string }>(
      '/api/cms/create',
      articleData(title, category._id, await admin.userId(), { text: 'Not out yet.' }),
    );

    await page.goto(`/article/edit/${article._id}`);
    await expect(page.locator('[data-rich-text]').first()).toHaveAttribute('data-ready', 'true');
    const popup = page.waitForEvent('popup');
    await articleActions(page).getByRole('button', { name: 'Preview' }).click();
    const preview = await popup;
    await expect(preview).toHaveURL(
      new RegExp(`^${origin}/site-preview/${encodeURIComponent(article.slug)}\\?token=[A-Za-z0-9_.-]+$`),
    );
    // The site's page cannot reach back into the admin.
    expect(await preview.evaluate(() => window.opener)).toBeNull();
    const token = new URL(preview.url()).searchParams.get('token') ?? '';
    await preview.close();

    // What the site's preview page reads with its content key: the article as saved, a Draft.
    const { key } = await admin.create<{ key: string }>('/api/site-management/content-keys', { name: `Site ${RUN}` });
    // A new key reaches the edge's key store through the table's stream, within a moment.
    const read = async () =>
      page.request.get(`${origin}/content/v1/preview/${token}`, { headers: { 'x-content-key': key } });
    await expect.poll(async () => (await read()).status()).toBe(200);
    const answer = await read();
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    const shown = ((await answer.json()) as { data: { title: string; preview: { status: string } } }).data;
    expect(shown).toMatchObject({ title, preview: { status: 'Draft' } });

    // None again: Preview stays in the admin.
    await savePreviewUrl(page, '');
    await expect(page.getByText(/^Site Detail Updated Successfully$/)).toBeVisible();
    await page.goto(`/article/edit/${article._id}`);
    await expect(page.locator('[data-rich-text]').first()).toHaveAttribute('data-ready', 'true');
    const inApp = page.waitForEvent('popup');
    await articleActions(page).getByRole('button', { name: 'Preview' }).click();
    await expect(await inApp).toHaveURL(new RegExp(`/preview/${article._id}$`));
  });
});
