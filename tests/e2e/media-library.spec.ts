/**
 * The media library end to end: a picture uploaded once gets its alt text and focal point in the library, is chosen
 * from the library as an article's cover, and the preview draws it from its renditions (a srcset of
 * `/media/r/w…` addresses); Remove is refused while the article uses it, and says where.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { type Category, StaffApi } from './api';
import { articleActions, pickCategory, uploader } from './controls';
import { png } from './files';
import { ADMIN, runTag, SLOW_STEP_TIMEOUT, signIn, test, textbox } from './support';

const RUN = runTag('ml');
const FILE_NAME = `pm-rally-ramlila-maidan-new-delhi-${RUN}.png`;
const ALT = `प्रधानमंत्री ने आज नई दिल्ली में एक बड़ी रैली को संबोधित किया ${RUN}`;
const TITLE = `Rally in the capital ${RUN}`;

interface AssetView {
  _id: string;
  alt?: string;
  focal: { x: number; y: number };
  renditions: { preset: string; url: string }[];
}

/** Uploads a PNG as the browser's Uploader does (start, PUT, complete); its id. */
async function uploadPicture(api: StaffApi, page: Page, name: string): Promise<string> {
  const bytes = png(800, 450, [200, 120, 40]);
  const started = await api.create<{ _id: string; upload: { url: string; headers: Record<string, string> } }>(
    '/api/asset/upload',
    { name, contentType: 'image/png', size: bytes.length, purpose: 'cover-image' },
  );
  const put = await page.request.put(started.upload.url, { headers: started.upload.headers, data: bytes });
  expect(put.ok(), `PUT ${name}`).toBe(true);
  await api.post(`/api/asset/${started._id}/complete`, {});
  return started._id;
}

/** A new article with its required fields filled and `text` typed in its first section; that section. */
async function startArticle(page: Page, category: Category, title: string, text: string) {
  await page.goto('/article/create');
  await textbox(page, 'Title').fill(title);
  await page.getByLabel('Short description').fill(`${title}, in short.`);
  await pickCategory(page, category.name);
  const section = page.getByRole('group', { name: 'Section 1' }).locator('[data-rich-text]');
  await expect(section).toHaveAttribute('data-ready', 'true');
  await section.locator('.ce-paragraph').first().click();
  await page.keyboard.type(text);
  return section;
}

/** The library (its page or the picker) searched for `words`. */
async function searchLibrary(scope: Page | ReturnType<Page['getByRole']>, words: string) {
  const form = scope.getByRole('form', { name: 'Search the media library' });
  await form.getByRole('textbox', { name: 'Search', exact: true }).fill(words);
  await form.getByRole('button', { name: 'Apply' }).click();
}

/** A picture's card in the grid, by its file name. */
const card = (scope: Page | ReturnType<Page['getByRole']>, name: string) =>
  scope
    .getByRole('list', { name: 'Images' })
    .getByRole('button', { name: new RegExp(`^${name.replace(/[.]/g, '\\.')}`) });

test.describe('the media library', () => {
  let category: Category;
  let assetId = '';

  test.beforeAll(async ({ admin }) => {
    category = await admin.category(`Politics ${RUN}`);
  });

  test('alt text and focal point in the library, chosen as a cover, drawn from renditions in the preview', async ({
    page,
    admin,
  }) => {
    test.slow();
    assetId = await uploadPicture(await StaffApi.signIn(page.request, ADMIN), page, FILE_NAME);
    await signIn(page);

    // The library finds the picture by name; its panel takes alt text and a focal point.
    await page.goto('/media-library');
    await expect(page.getByRole('heading', { name: 'Media Library' })).toBeVisible();
    await searchLibrary(page, RUN);
    await card(page, FILE_NAME).click();
    const panel = page.getByRole('dialog', { name: 'File details' });
    await expect(panel.getByRole('heading', { name: FILE_NAME })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'media library file panel');
    await textbox(panel, 'Alt text').fill(ALT);
    const focal = panel.getByRole('slider', { name: 'Focal point' });
    await focal.scrollIntoViewIfNeeded();
    const box = await focal.boundingBox();
    if (!box) throw new Error('The focal point picker is not drawn');
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.3);
    await focal.press('ArrowRight');
    await expect(focal).toHaveAttribute('aria-valuetext', '26% from the left, 30% from the top');
    await panel.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('The file’s details are saved')).toBeVisible();
    const saved = await admin.get<AssetView>(`/api/asset/${assetId}`);
    expect(saved.alt).toBe(ALT);
    expect(saved.focal).toEqual({ x: 0.26, y: 0.3 });
    await page.keyboard.press('Escape');

    // A new article takes it as its cover from the library, with its alt text shown under the field.
    const section = await startArticle(page, category, TITLE, 'Thousands came to hear the speech.');
    // The same picture in the text, from the library: an image block after the paragraph.
    await page
      .getByRole('group', { name: 'Section 1' })
      .getByRole('button', { name: 'Insert image from library' })
      .click();
    const inText = page.getByRole('dialog', { name: 'Choose from library — Image in the text' });
    await searchLibrary(inText, RUN);
    await card(inText, FILE_NAME).click();
    await expect(inText).toBeHidden();
    await expect(section.locator('.image-tool img')).toHaveAttribute('src', /\/media\/[a-z-]+\/[0-9a-z]{26}\.png$/);
    // The editor draws it from its renditions too, the block keeping only its address.
    const inTextPicture = section.locator('.image-tool img');
    await expect(inTextPicture).toHaveAttribute('srcset', /^\/media\/r\/w320\/\S+ 320w, /);
    await expect
      .poll(() => inTextPicture.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/media\/r\/w\d+\//);
    const cover = uploader(page, 'Image');
    await cover.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from library — Image' });
    await searchLibrary(picker, RUN);
    await expect(card(picker, FILE_NAME)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'choose from library');
    await card(picker, FILE_NAME).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
    await expect(textbox(page, 'Alt text')).toHaveValue(ALT);
    await page.getByLabel('Alt tag').fill('The rally');

    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    await expect(page).toHaveURL(/\/article\/edit\/[0-9A-Z]{26}$/);

    // The preview draws the cover from its renditions.
    const popup = page.waitForEvent('popup');
    await articleActions(page).getByRole('button', { name: 'Preview' }).click();
    const preview = await popup;
    await expect(preview.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const picture = preview.locator('figure img[srcset]').first();
    await expect(picture).toHaveAttribute('srcset', /\/media\/r\/w\d+\//);
    // The picture in the text too.
    await expect(preview.locator('section img[srcset]').first()).toHaveAttribute('srcset', /\/media\/r\/w\d+\//);
    await preview.close();
  });

  test("a cover's alt text typed under the field is saved before the article, even by Ctrl+S from the field", async ({
    page,
    admin,
  }) => {
    const name = `fishing-boats-${RUN}.png`;
    const id = await uploadPicture(await StaffApi.signIn(page.request, ADMIN), page, name);
    await signIn(page);
    await startArticle(page, category, `Boats come home ${RUN}`, 'The boats came in one by one.');
    await uploader(page, 'Image').getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from library — Image' });
    await searchLibrary(picker, name);
    await card(picker, name).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText('A cover needs alt text before it can be saved')).toBeVisible();
    // Typed, and saved with the focus still in the field: nothing left it, so only the save's wait saves it first.
    await textbox(page, 'Alt text').fill('Fishing boats moored at dusk');
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    expect((await admin.get<AssetView>(`/api/asset/${id}`)).alt).toBe('Fishing boats moored at dusk');
  });

  test('covers without alt text read whole on a phone, each with the story that uses it', async ({ page, admin }) => {
    const name = `flooded-market-${RUN}.png`;
    const id = await uploadPicture(await StaffApi.signIn(page.request, ADMIN), page, name);
    const title = `मानसून की बारिश से पुरानी दिल्ली के बाजारों में पानी भरा, यमुना खतरे के निशान के पार ${RUN}`;
    // The article has alt text of its own: the picture still has none, so it is listed for fixing.
    await admin.create('/api/cms/create', {
      type: 'Article',
      action: 'save',
      title,
      shortDescription: 'Flooding in the old city.',
      categories: [category._id],
      user: await admin.userId(),
      publishDate: null,
      image: id,
      imageAlt: 'A flooded market lane',
      body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: 'Water rose overnight.' } }] } }],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/media-library?tab=needs-alt');
    const story = page.getByRole('list', { name: 'Used in' }).getByRole('link', { name: title });
    await expect(story).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    // A third column beside the text once left such a title one letter wide.
    expect((await story.boundingBox())?.width ?? 0).toBeGreaterThan(150);
    await expectNoSeriousA11yViolations(page, 'covers without alt text at 390 px');
  });

  test('Remove is refused while the picture is used, and says where', async ({ page, admin }) => {
    test.skip(assetId === '', 'needs the picture the first test uploads and uses');
    // Uses are recorded as the article is saved, perhaps a moment later: wait until the API lists it.
    await expect
      .poll(
        async () =>
          (await admin.get<{ uses: { title: string }[] }>(`/api/asset/${assetId}/uses`)).uses.map((u) => u.title),
        { timeout: SLOW_STEP_TIMEOUT },
      )
      .toContain(TITLE);
    await signIn(page);
    await page.goto('/media-library');
    await searchLibrary(page, RUN);
    await card(page, FILE_NAME).click();
    const panel = page.getByRole('dialog', { name: 'File details' });
    await expect(panel.getByRole('list', { name: 'Used in' }).getByRole('link', { name: TITLE })).toBeVisible();
    await panel.getByRole('button', { name: 'Remove' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove this file?' });
    await ask.getByRole('button', { name: 'Remove' }).click();
    await expect(ask.getByRole('alert')).toContainText('It is still in use');
    await expect(ask.getByRole('link', { name: TITLE })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'media library remove refused');
    await expect(page.getByText('was removed')).toHaveCount(0);
  });
});
