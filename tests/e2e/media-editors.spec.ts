import { expect, type Page } from '@playwright/test';
import type { Credentials, StaffApi } from './api';
import { articleActions, pickCategory, uploader, uploadPng } from './controls';
import { png } from './files';
import { notice, rowOf, runTag, SLOW_STEP_TIMEOUT, signIn, test, textbox } from './support';

/** This spec's mark, in every title it makes. */
const RUN = runTag('mq');

interface Stored {
  _id: string;
  status: string;
  version: number;
  title: string;
  tags: string[];
  image: string | null;
  publishDate: string | null;
  videos: { url: string; description: string; file: string | null }[];
  gallery: { url: string; description: string; file: string | null }[];
  body: { title: string; body: { blocks: { type: string; data: { text?: string } }[] } }[];
}

/** The stored article with this (unique) title, read straight from the API. */
async function storedByTitle(admin: StaffApi, title: string): Promise<Stored> {
  const { list } = await admin.get<{ list: { _id: string; title: string }[] }>(
    `/api/cms?search=${encodeURIComponent(title)}&limit=10`,
  );
  const row = list.find((r) => r.title === title);
  if (!row) throw new Error(`no article titled ${title}`);
  return admin.get<Stored>(`/api/cms/detail/${row._id}`);
}

/** The story's own description (each video has one too). */
const storyDescription = (page: Page) => textbox(page.getByRole('region', { name: 'Story' }), 'Description');

/** Images from elsewhere (YouTube thumbnails, linked gallery images) served locally: the test runs offline. */
async function serveRemoteImages(page: Page): Promise<void> {
  for (const pattern of ['https://i.ytimg.com/**', 'https://images.example.com/**']) {
    await page.route(pattern, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: png(32, 18, [90, 90, 90]) }),
    );
  }
}

/** Serves the remote images, signs in (as the admin, or `who`) and opens an editor at `path`. */
async function openEditor(page: Page, path: string, who?: Credentials): Promise<void> {
  await serveRemoteImages(page);
  await signIn(page, who);
  await page.goto(path);
}

test.describe('video, gallery and page editors', () => {
  const category = `E2E Photos ${RUN}`;
  const contributor = { email: `media-writer-${RUN}@example.com`, name: 'Mina Media', password: 'E2e-Media-Writer-1' };
  let categoryId = '';

  test.beforeAll(async ({ admin }) => {
    categoryId = (await admin.category(category))._id;
    // A contributor: writes and edits their own articles, holds no Edit on Cms.
    await admin.contributor(contributor, {
      name: `Media contributor ${RUN}`,
      description: 'Writes videos and galleries; an editor publishes them',
    });
  });

  test('a gallery: uploads and links, tags, cover; Save gives Draft, Save again publishes, Retract retracts', async ({
    page,
    admin,
  }) => {
    test.slow();
    const title = `Election night ${RUN}`;
    await openEditor(page, '/article/gallery/create');
    await expect(page.getByRole('heading', { name: 'Add Gallery' })).toBeVisible();

    // An empty form names every missing field with the shared schema's message.
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    for (const message of [
      'Title is required',
      'Description is required',
      'Select at least one category',
      'SEO title is required',
      'SEO description is required',
      'Cover image is required',
      'Add an image link or upload an image',
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }

    await textbox(page, 'Title').fill(title);
    await storyDescription(page).fill('The count, hour by hour, in pictures.');

    // Tags: comma and Tab add; a repeat and a blank are ignored; clicking a tag removes it.
    const tags = textbox(page, 'Tags');
    const tagButtons = page.getByRole('group', { name: 'Tags added' }).getByRole('button');
    await tags.click();
    await page.keyboard.type('election,');
    await page.keyboard.type('  results  ');
    await page.keyboard.press('Tab');
    await expect(tags).toBeFocused();
    await page.keyboard.type('Election,');
    await expect(page.getByText('"Election" is already a tag')).toBeVisible();
    await page.keyboard.type('   ,');
    await page.keyboard.type('turnout');
    await page.keyboard.press('Tab');
    await page.keyboard.type('recount,');
    await expect(tagButtons).toHaveText(['election', 'results', 'turnout', 'recount']);
    await page.getByRole('button', { name: 'Remove tag recount' }).click();
    await expect(tagButtons).toHaveText(['election', 'results', 'turnout']);
    await expect(tags).toHaveValue('');

    // Image 1: an uploaded PNG with a caption.
    const first = page.getByRole('group', { name: 'Image 1' });
    await first.getByText('Upload image').click();
    await uploadPng(first, 'Image file', 'counting-hall.png', [200, 60, 40]);
    await textbox(first, 'Caption').fill('Counting starts at the hall');

    // Image 2: a link to an image elsewhere.
    await page.getByRole('button', { name: 'Add image' }).click();
    const second = page.getByRole('group', { name: 'Image 2' });
    await textbox(second, 'Image link').fill('https://images.example.com/crowd.jpg');
    await textbox(second, 'Caption').fill('The crowd outside');
    const linked = second.getByRole('img', { name: 'Preview of the linked image' });
    await expect.poll(() => linked.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);

    const cover = page.getByRole('region', { name: 'Cover' });
    await uploadPng(cover, 'Cover image', 'cover.png', [20, 80, 160]);
    // A cover needs alt text: kept with the picture, saved as the field is left.
    await textbox(cover, 'Alt text').fill('Ballot boxes stacked on a table');
    await textbox(cover, 'Alt text').press('Enter');
    await expect(cover.getByRole('button', { name: 'Save alt text' })).toBeHidden();
    await textbox(page, 'Cover image title').fill('Ballot boxes');
    await pickCategory(page, category);
    await textbox(page, 'SEO title').fill(`${title} in pictures`);
    await textbox(page, 'SEO description').fill('Photos of the count.');

    // Create + Save → Draft, back in the list.
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Gallery Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article(\?.*)?$/);
    const row = rowOf(page, title);
    await expect(row).toContainText('Draft');

    const draft = await storedByTitle(admin, title);
    expect(draft.status).toBe('Draft');
    expect(draft.tags).toEqual(['election', 'results', 'turnout']);
    expect(draft.image).toBeTruthy();
    expect(draft.gallery).toHaveLength(2);
    expect(draft.gallery[0]).toMatchObject({ url: '', description: 'Counting starts at the hall' });
    expect(draft.gallery[0]?.file).toBeTruthy();
    expect(draft.gallery[1]).toEqual({
      url: 'https://images.example.com/crowd.jpg',
      description: 'The crowd outside',
      file: null,
    });

    // Edit: everything comes back; Save on an existing gallery publishes it.
    await page.goto(`/article/gallery/edit/${draft._id}`);
    await expect(page.getByRole('heading', { name: 'Update Gallery' })).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await expect(tagButtons).toHaveText(['election', 'results', 'turnout']);
    await expect(page.getByRole('group', { name: 'Image 1' }).getByText('Current file')).toBeVisible();
    await expect(textbox(page.getByRole('group', { name: 'Image 2' }), 'Image link')).toHaveValue(
      'https://images.example.com/crowd.jpg',
    );
    await expect(page.getByRole('region', { name: 'History' }).getByText('Created')).toBeVisible();
    await expect(articleActions(page).getByRole('button', { name: 'Publish' })).toBeVisible();
    await expect(articleActions(page).getByRole('button', { name: 'Retract' })).toHaveCount(0);

    // Preview saves a Draft and opens the preview in a new window; the editor stays. The save's popup shows for
    // 4 s, while the preview loads: both are looked for at once.
    const [preview] = await Promise.all([
      page.waitForEvent('popup'),
      articleActions(page).getByRole('button', { name: 'Preview' }).click(),
    ]);
    await Promise.all([
      expect(notice(page, 'Gallery Added/Updated Successfully')).toBeVisible(),
      expect(preview).toHaveURL(new RegExp(`/preview/${draft._id}$`)),
    ]);
    await expect(preview.getByText(title).first()).toBeVisible();
    await preview.close();
    // Let the Draft save's popup go, so the next save's popup is the only one.
    await expect(notice(page, 'Gallery Added/Updated Successfully')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/article/gallery/edit/${draft._id}$`));
    expect((await storedByTitle(admin, title)).status).toBe('Draft');

    // Reorder: the link goes first.
    await page.getByRole('button', { name: 'Move Image 2 up' }).click();
    await expect(textbox(page.getByRole('group', { name: 'Image 1' }), 'Image link')).toHaveValue(
      'https://images.example.com/crowd.jpg',
    );
    // Save on a Draft gallery publishes it: the bar says so beside it, and Save asks first.
    await expect(articleActions(page).getByText('Save publishes it')).toBeVisible();
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Save and publish this gallery?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect((await storedByTitle(admin, title)).status).toBe('Draft');
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await confirm.getByRole('button', { name: 'Save and publish' }).click();
    await expect(notice(page, 'Gallery Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article(\?.*)?$/);
    await expect(row).toContainText('Published');
    const published = await storedByTitle(admin, title);
    expect(published.status).toBe('Published');
    expect(published.gallery[0]?.url).toBe('https://images.example.com/crowd.jpg');

    // A live gallery offers Retract instead of Publish.
    await page.goto(`/article/gallery/edit/${draft._id}`);
    await expect(articleActions(page).getByRole('button', { name: 'Retract' })).toBeVisible();
    await expect(articleActions(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await articleActions(page).getByRole('button', { name: 'Retract' }).click();
    // Retract asks first, naming the home-page slots the gallery leaves.
    await page.getByRole('dialog').getByRole('button', { name: 'Retract' }).click();
    await expect(notice(page, 'Gallery Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article(\?.*)?$/);
    expect((await storedByTitle(admin, title)).status).toBe('Retract');
  });

  test('a video: a link that is not a URL is refused; a YouTube link and an uploaded mp4 save as Draft', async ({
    page,
    admin,
  }) => {
    const title = `Budget speech ${RUN}`;
    await openEditor(page, '/article/video/create');
    await expect(page.getByRole('heading', { name: 'Add Video' })).toBeVisible();

    await textbox(page, 'Title').fill(title);
    await storyDescription(page).fill('The finance minister, in full.');
    await pickCategory(page, category);
    await textbox(page, 'SEO title').fill(title);
    await textbox(page, 'SEO description').fill('Watch the budget speech.');
    await textbox(page, 'SEO keywords').fill('k'.repeat(501));

    const video = page.getByRole('group', { name: 'Video 1' });
    const link = textbox(video, 'Video link');
    await link.fill('budget speech on youtube');
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(video.getByText('Enter a valid URL starting with http:// or https://')).toBeVisible();
    await expect(page.getByText('500 character limit')).toBeVisible();
    // Nothing was saved.
    await expect(page).toHaveURL(/\/article\/video\/create$/);

    await textbox(page, 'SEO keywords').fill('budget, economy');
    await link.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(video.getByText('Enter a valid URL starting with http:// or https://')).toBeHidden();
    await expect(video.getByRole('img', { name: 'YouTube thumbnail' })).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
    );
    await textbox(video, 'Description').fill('Full speech');

    // A second video, uploaded as an mp4 (the API checks the bytes: an ISO media 'ftyp' box).
    await page.getByRole('button', { name: 'Add video' }).click();
    const upload = page.getByRole('group', { name: 'Video 2' });
    await upload.getByText('Upload mp4').click();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(20)]);
    const file = uploader(upload, 'Video file');
    await file
      .getByLabel('Video file')
      .setInputFiles({ name: 'speech-part-two.mp4', mimeType: 'video/mp4', buffer: mp4 });
    await expect(file.getByText('Uploaded.')).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
    await expect(upload.locator('video')).toHaveAttribute('src', /^\/media\/.+\.mp4$/);

    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Blog Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article(\?.*)?$/);
    const stored = await storedByTitle(admin, title);
    expect(stored.status).toBe('Draft');
    expect(stored.videos).toHaveLength(2);
    expect(stored.videos[0]).toEqual({
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      description: 'Full speech',
      file: null,
    });
    expect(stored.videos[1]?.file).toBeTruthy();
    // No day was chosen: the draft keeps no date, and is dated when it goes live.
    expect(stored.publishDate).toBeNull();
  });

  test('a page: a header and rich content, SAVE AND PUBLISH publishes it', async ({ page, admin }) => {
    const title = `About us ${RUN}`;
    await signIn(page);
    await page.goto('/page/create');
    await expect(page.getByRole('heading', { name: 'Add Page' })).toBeVisible();
    await expect(articleActions(page).getByRole('button', { name: 'SAVE DRAFT' })).toBeVisible();

    // Content is required.
    await textbox(page, 'Title').fill(title);
    await articleActions(page).getByRole('button', { name: 'SAVE AND PUBLISH' }).click();
    await expect(page.getByText('Section content is required')).toBeVisible();

    const block = page.getByRole('group', { name: 'Block 1' });
    await textbox(block, 'Header').fill('Who we are');
    const editor = block.locator('[data-rich-text][data-ready]');
    await expect(editor).toBeVisible();
    await editor.locator('[contenteditable="true"]').first().click();
    await page.keyboard.type('A newsroom of forty people, independent since 1998.');

    await articleActions(page).getByRole('button', { name: 'SAVE AND PUBLISH' }).click();
    await expect(notice(page, 'Blog Published Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article(\?.*)?$/);
    const stored = await storedByTitle(admin, title);
    expect(stored.status).toBe('Published');
    expect(stored.body[0]?.title).toBe('Who we are');
    expect(stored.body[0]?.body.blocks[0]?.data.text).toContain('A newsroom of forty people');
  });

  test("a contributor's Publish sends a video for review; once it is live they can no longer change it", async ({
    page,
    admin,
  }) => {
    const title = `Harbour cleanup ${RUN}`;
    await openEditor(page, '/article/video/create', contributor);

    // The author is fixed to the contributor.
    const author = page.getByRole('textbox', { name: 'Author' }).or(page.getByRole('combobox', { name: 'Author' }));
    await expect(author).toHaveValue(new RegExp(contributor.name));
    await expect(author).toBeDisabled();

    await textbox(page, 'Title').fill(title);
    await storyDescription(page).fill('Volunteers clear the harbour.');
    await pickCategory(page, category);
    await textbox(page, 'SEO title').fill(title);
    await textbox(page, 'SEO description').fill('The cleanup, filmed.');
    await textbox(page.getByRole('group', { name: 'Video 1' }), 'Video link').fill('https://vimeo.com/76979871');
    await expect(page.getByRole('link', { name: 'Open on Vimeo' })).toHaveAttribute(
      'href',
      'https://vimeo.com/76979871',
    );

    await articleActions(page).getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, 'Sent for review')).toBeVisible();
    const submitted = await storedByTitle(admin, title);
    expect(submitted.status).toBe('Need Review');

    // An editor publishes it; the contributor then sees it read-only, without buttons that would fail.
    await admin.call(
      'PATCH',
      `/api/cms/${submitted._id}`,
      { version: submitted.version, action: 'publish' },
      { status: 200 },
    );
    await page.goto(`/article/video/edit/${submitted._id}`);
    await expect(page.getByText('This video is Published: only an editor can change it now.')).toBeVisible();
    await expect(articleActions(page).getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(articleActions(page).getByRole('button', { name: 'Preview' })).toHaveCount(0);
    await expect(articleActions(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  test('a save over a newer version keeps what was typed and can be kept over theirs', async ({ page, admin }) => {
    const title = `Flood relief ${RUN}`;
    await signIn(page);
    const adminId = await admin.userId();
    const created = await admin.create<Stored>('/api/cms/create', {
      type: 'Video',
      action: 'save',
      title,
      categories: [categoryId],
      user: adminId,
      description: 'Relief camps along the river.',
      seo: { title, description: 'Relief camps', metaTags: [{ property: 'keywords', content: '' }] },
      publishDate: new Date(Date.now() - 60_000).toISOString(),
      videos: [{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', description: '' }],
    });

    // The colleague's save below goes through the API as the same user, which needs this editor's lock: wait for it.
    const locked = page.waitForResponse(
      (r) => r.url().endsWith(`/api/cms/${created._id}/lock`) && r.request().method() === 'POST' && r.ok(),
    );
    await page.goto(`/article/video/edit/${created._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await textbox(page, 'Title').fill(`${title} (updated)`);
    await locked;

    // Someone else saves in between.
    await admin.call(
      'PATCH',
      `/api/cms/${created._id}`,
      { ...created, description: 'Changed by a colleague.', version: created.version, action: 'save' },
      { status: 200 },
    );

    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    // Save publishes this Draft video: asked once, not again for Keep my version.
    await page
      .getByRole('dialog', { name: 'Save and publish this video?' })
      .getByRole('button', { name: 'Save and publish' })
      .click();
    await expect(page.getByText('This article was changed while you were editing')).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(`${title} (updated)`);
    await page.getByRole('button', { name: 'Keep my version' }).click();
    await expect(notice(page, 'Blog Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article(\?.*)?$/);
    const stored = await storedByTitle(admin, `${title} (updated)`);
    expect(stored.status).toBe('Published');
  });
});
