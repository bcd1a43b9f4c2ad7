/**
 * Every script readable and addressable: a Hindi title gets a Hindi slug in the editor's slug field and
 * renders in the bundled Noto Sans Devanagari, which a Latin-only page never downloads; a slug another article
 * holds is refused on the field; the category modal makes a Hindi slug from a Hindi name.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Category } from './api';
import { articleActions, pickCategory } from './controls';
import { notice, runTag, signIn, test, textbox } from './support';

const RUN = runTag('sc');
const DEVANAGARI_FONT = /\/assets\/noto-sans-devanagari-devanagari-\d00-normal-[\w-]+\.woff2$/;

/** The state of each of the page's Devanagari font faces ('unloaded' until a character of the script is drawn). */
const devanagariFaces = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts].filter((face) => face.family.includes('Noto Sans Devanagari')).map((face) => face.status),
  );

/** Types into the rich text of the first section ('Section 1'; the page editor calls it 'Block 1'). */
async function typeInFirstSection(page: Page, text: string, group = 'Section 1'): Promise<void> {
  const frame = page.getByRole('group', { name: group }).locator('[data-rich-text]');
  await expect(frame).toHaveAttribute('data-ready', 'true');
  await frame.locator('.ce-paragraph').first().click();
  await page.keyboard.type(text);
}

const slugField = (scope: Page | Locator) => textbox(scope, 'URL slug');

test.describe('scripts', () => {
  let category: Category;

  test.beforeAll(async ({ admin }) => {
    category = await admin.category(`Politics ${RUN}`);
  });

  test('a Hindi title gets a Hindi slug and renders in the bundled Devanagari font', async ({ page, admin }) => {
    const fonts: { url: string; status: number; type: string }[] = [];
    page.on('response', (response) => {
      if (DEVANAGARI_FONT.test(new URL(response.url()).pathname)) {
        fonts.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? '' });
      }
    });
    await signIn(page);
    await page.goto('/article/create');
    await expect(page.getByRole('heading', { name: 'Add Article' })).toBeVisible();
    // A page in Latin letters: the Devanagari faces are declared but none is downloaded.
    expect(await devanagariFaces(page)).not.toHaveLength(0);
    expect(await devanagariFaces(page)).toEqual(expect.not.arrayContaining(['loading', 'loaded']));

    const title = `राजनीति में नया मोड़ ${RUN}`;
    await textbox(page, 'Title').fill(title);
    // The slug follows the title, in its script.
    await expect(slugField(page)).toHaveValue(`राजनीति-में-नया-मोड़-${RUN}`);

    // The title is drawn in the bundled font, fetched from our own origin.
    await expect.poll(() => fonts.length).toBeGreaterThan(0);
    expect(fonts[0]).toMatchObject({ status: 200, type: 'font/woff2' });
    expect(new URL(fonts[0]?.url ?? '').origin).toBe(new URL(page.url()).origin);
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'राजनीति')))
      .toBe(true);
    const family = await textbox(page, 'Title').evaluate((input) => getComputedStyle(input).fontFamily);
    expect(family).toContain('Noto Sans Devanagari');

    await pickCategory(page, category.name);
    await typeInFirstSection(page, 'नई सरकार ने शपथ ली।');
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article\/edit\/[0-9A-Z]{26}$/);
    const id = page.url().split('/').pop() as string;

    // Stored in Unicode, sent percent-encoded; the edit screen shows the stored slug.
    const stored = await admin.get<{ slug: string; url: string }>(`/api/cms/detail/${id}`);
    expect(stored.slug).toBe(`राजनीति-में-नया-मोड़-${RUN}`);
    expect(stored.url).toBe(`/${encodeURIComponent(stored.slug)}`);
    await expect(slugField(page)).toHaveValue(stored.slug);
    await expect(textbox(page, 'Title')).toHaveValue(title);
  });

  test('an edited slug is cleaned on leaving the field, and one another article holds is refused there', async ({
    page,
    admin,
  }) => {
    const taken = `taken-${RUN}`;
    await admin.create('/api/cms/create', {
      type: 'Page',
      title: `Taken ${RUN}`,
      slug: taken,
      body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: 'Here first.' } }] } }],
    });
    await signIn(page);
    await page.goto('/page/create');
    await textbox(page, 'Title').fill(`About us ${RUN}`);
    await expect(slugField(page)).toHaveValue(`about-us-${RUN}`);

    await slugField(page).fill(`  Our Story ${RUN}! `);
    await slugField(page).blur();
    await expect(slugField(page)).toHaveValue(`our-story-${RUN}`);

    await slugField(page).fill(taken);
    await typeInFirstSection(page, 'Who we are.', 'Block 1');
    await page.getByRole('button', { name: 'SAVE DRAFT' }).click();
    await expect(page.getByText('An article with this URL already exists').first()).toBeVisible();
    await expect(slugField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/page\/create$/);
  });

  test('the category modal makes a Hindi slug from a Hindi name', async ({ page }) => {
    const name = `खेल समाचार ${RUN}`;
    await signIn(page);
    await page.goto('/shop/catagory');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Category' });
    await textbox(add, 'Name').fill(name);
    await expect(textbox(add, 'Slug')).toHaveValue(`खेल-समाचार-${RUN}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Category Added Successfully')).toBeVisible();
    await expect(page.getByText(`/खेल-समाचार-${RUN}`, { exact: true })).toBeVisible();
  });
});
