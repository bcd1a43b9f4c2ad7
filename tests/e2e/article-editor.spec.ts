/**
 * The article editor end to end (issue 6): write, save a Draft, schedule, let the publisher publish; a
 * contributor's Publish goes to review; a stale save keeps what was typed; the preview shows content safely.
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { runPublisher } from './publisher';
import {
  api,
  articleActions,
  articleData,
  create,
  createContributor,
  currentUserId,
  dayOfNextMonth,
  ensureCategory,
  pdf,
  pickCategory,
  pickDateTime,
  rowOf,
  signIn,
  test,
  textbox,
  tokenFor,
  uploader,
  uploadPng,
} from './support';

const CONTRIBUTOR = { email: 'e2e-contributor@example.com', password: 'E2e-Contributor-Password-1' };

/** A minimal Word document: paragraphs with optional heading styles (mammoth maps style ids to h1–h6). */
async function docx(paragraphs: { style?: string; runs: { text: string; bold?: boolean }[] }[]): Promise<Buffer> {
  const xmlText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = paragraphs
    .map(
      (p) =>
        `<w:p>${p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : ''}${p.runs
          .map(
            (r) =>
              `<w:r>${r.bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlText(r.text)}</w:t></w:r>`,
          )
          .join('')}</w:p>`,
    )
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A contributor (Edit:own but not Edit on Cms: their Publish asks for review), created on first use. */
async function ensureContributor(request: APIRequestContext, token: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: CONTRIBUTOR });
  if (login.ok()) return;
  await createContributor(
    request,
    token,
    { ...CONTRIBUTOR, name: 'Cora Contributor' },
    { name: `Contributor ${Date.now()}`, description: 'Writes articles; an editor publishes them' },
  );
}

/** The rich-text field of a section, once Editor.js has loaded and its 1 s start delay has passed. */
async function richText(section: Locator): Promise<Locator> {
  const frame = section.locator('[data-rich-text]');
  await expect(frame).toHaveAttribute('data-ready', 'true');
  return frame;
}

async function typeInSection(section: Locator, text: string): Promise<void> {
  const frame = await richText(section);
  await frame.locator('.ce-paragraph').first().click();
  await frame.page().keyboard.type(text);
}

const sectionCard = (page: Page, n: number) => page.getByRole('group', { name: `Section ${n}` });

test.describe('the article editor', () => {
  test('an editor writes an article, saves a draft, schedules it, and the publisher publishes it', async ({
    page,
    request,
  }) => {
    // An article's whole life in one test (four editor loads with SPEC's 1 s delay, an upload, the preview):
    // about 25 s on a quiet two-core machine, so the default 30 s leaves no room for a busy one.
    test.setTimeout(60_000);
    const token = await tokenFor(request);
    await ensureCategory(request, token, 'World');
    const title = `Harbour reopens after storm ${Date.now()}`;

    await signIn(page);
    await page.goto('/article/create');
    await expect(page.getByRole('heading', { name: 'Add Article' })).toBeVisible();

    // Nothing filled in: Save shows the schema's messages and sends nothing.
    await richText(sectionCard(page, 1));
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Select at least one category')).toBeVisible();
    await expect(page.getByText('Section content is required')).toBeVisible();
    await expect(page).toHaveURL(/\/article\/create$/);

    await textbox(page, 'Title').fill(title);
    await expect(page.getByText('Title is required')).toBeHidden();
    await page.getByLabel('Short description').fill('Ships are back in the harbour after three days.');
    await pickCategory(page, 'World');
    await expect(page.getByRole('combobox', { name: 'Author' })).toHaveValue(/Ada Admin/);

    const first = sectionCard(page, 1);
    await first.getByLabel('Sub-headline').fill('The night of the storm');
    await typeInSection(first, 'Winds reached 120 km/h before midnight.');

    await page.getByRole('button', { name: 'Add section' }).click();
    const second = sectionCard(page, 2);
    await second.getByLabel('Sub-headline').fill('The morning after');
    await typeInSection(second, 'Crews cleared the quay by nine.');

    // The cover, uploaded through the Uploader: percentage, then 'Uploaded.' and a preview.
    await uploadPng(page, 'Image', 'harbour-cover.png', [30, 90, 160], [160, 90]);
    await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
    await page.getByLabel('Alt tag').fill('The harbour at dawn');
    await page.getByLabel('Cover image title').fill('Harbour, the morning after');

    // Save: a Draft, and the editor moves to the article's edit route.
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article\/edit\/[0-9A-Z]{26}$/);
    const id = page.url().split('/').pop() as string;
    await expect(articleActions(page).getByText('Draft', { exact: true })).toBeVisible();

    // Preview saves a Draft and opens the reader's view in a new window.
    const popup = page.waitForEvent('popup');
    await articleActions(page).getByRole('button', { name: 'Preview' }).click();
    const preview = await popup;
    await expect(preview).toHaveURL(new RegExp(`/preview/${id}$`));
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'The morning after' })).toBeVisible();
    await expect(preview.getByRole('img', { name: 'The harbour at dawn' })).toBeVisible();
    await preview.close();

    await page.goto('/article');
    await expect(rowOf(page, title)).toContainText('Draft');

    // Publish with a date next month: Scheduled.
    await page.goto(`/article/edit/${id}`);
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await expect(sectionCard(page, 2).getByLabel('Sub-headline')).toHaveValue('The morning after');
    await pickDateTime(page, 'Publish date', dayOfNextMonth(15));
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
    await expect(rowOf(page, title)).toContainText('Scheduled');

    // The publisher, run with its clock just past the publish date, publishes it.
    const stored = await api<{ publishDate: string; status: string }>(request, token, 'GET', `/api/cms/detail/${id}`);
    expect(stored.status).toBe('Scheduled');
    const early = await runPublisher(new Date(Date.parse(stored.publishDate) - 60_000));
    expect(early.published).toBe(0);
    const due = await runPublisher(new Date(Date.parse(stored.publishDate) + 60_000));
    expect(due.published).toBeGreaterThanOrEqual(1);

    await page.reload();
    await expect(rowOf(page, title)).toContainText('Published');

    // The history shows every step, the publisher's included.
    await page.goto(`/article/edit/${id}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Published on schedule')).toBeVisible();
    await expect(history.getByText('Created')).toBeVisible();
  });

  test("a contributor's Publish ends in Need Review, and an editor approves it from the list", async ({
    page,
    request,
  }) => {
    const token = await tokenFor(request);
    await ensureContributor(request, token);
    const title = `Council budget vote ${Date.now()}`;

    // Someone else's article: Edit:own does not reach it (the API refuses the save), and the editor says so.
    const me = await currentUserId(request, token);
    const category = await ensureCategory(request, token, 'World');
    const others = await create(
      request,
      token,
      '/api/cms/create',
      articleData(`Editor's own piece ${Date.now()}`, category._id, me, {
        publishDate: new Date().toISOString(),
        text: 'Not yours.',
      }),
    );
    await signIn(page, CONTRIBUTOR);
    await page.goto(`/article/edit/${others._id}`);
    await expect(page.getByRole('heading', { name: 'You cannot edit this article' })).toBeVisible();
    await expect(page.getByText(/^You do not have permissions to perform this action/)).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveCount(0);

    await page.goto('/article/create');
    await textbox(page, 'Title').fill(title);
    await pickCategory(page, 'World');
    // A contributor writes as themselves: the author is fixed.
    const author = page.getByRole('combobox', { name: 'Author' });
    await expect(author).toHaveValue(/Cora Contributor/);
    await expect(author).toBeDisabled();
    await typeInSection(sectionCard(page, 1), 'The council meets on Tuesday to vote on the budget.');

    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
    await expect(rowOf(page, title)).toContainText('Need Review');

    // An editor approves it from the list.
    await page.evaluate(() => localStorage.clear());
    await signIn(page);
    await page.goto('/article');
    const row = rowOf(page, title);
    await expect(row).toContainText('Need Review');
    await row.getByRole('button', { name: /^Approve/ }).click();
    const confirm = page.getByRole('dialog');
    if (await confirm.isVisible().catch(() => false)) {
      await confirm.getByRole('button', { name: /^Approve/ }).click();
    }
    await expect(rowOf(page, title)).toContainText('Approved');
  });

  test('a stale save shows who changed the article and keeps what was typed', async ({ page, request }) => {
    const token = await tokenFor(request);
    const category = await ensureCategory(request, token, 'World');
    const me = await currentUserId(request, token);
    const created = await create(
      request,
      token,
      '/api/cms/create',
      articleData(`Bridge repairs ${Date.now()}`, category._id, me, {
        publishDate: new Date().toISOString(),
        text: 'Original text.',
      }),
    );

    await signIn(page);
    await page.goto(`/article/edit/${created._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(/^Bridge repairs/);
    await textbox(page, 'Title').fill('Bridge repairs: my headline');
    await typeInSection(sectionCard(page, 1), ' My added sentence.');

    // Meanwhile someone else saves the article.
    const detail = await api<Record<string, unknown> & { version: number }>(
      request,
      token,
      'GET',
      `/api/cms/detail/${created._id}`,
    );
    await api(request, token, 'PATCH', `/api/cms/${created._id}`, {
      title: 'Bridge repairs: their headline',
      categories: detail.categories,
      user: detail.user,
      publishDate: detail.publishDate,
      body: detail.body,
      version: detail.version,
      action: 'save',
    });

    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'changed while you were editing' });
    await expect(conflict).toContainText(/Changed by Ada Admin at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Nothing typed is lost.
    await expect(textbox(page, 'Title')).toHaveValue('Bridge repairs: my headline');
    await expect(sectionCard(page, 1).locator('.ce-paragraph').first()).toContainText('My added sentence.');

    // Keep my version: saved over theirs.
    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await expect(page.getByText('Article Added/Updated Successfully')).toBeVisible();
    await expect(conflict).toBeHidden();
    const after = await api<{ title: string; body: { body: { blocks: { data: { text: string } }[] } }[] }>(
      request,
      token,
      'GET',
      `/api/cms/detail/${created._id}`,
    );
    expect(after.title).toBe('Bridge repairs: my headline');
    expect(after.body[0]?.body.blocks[0]?.data.text).toContain('My added sentence.');

    // Once more, and this time take their version: the form shows what they saved.
    const latest = await api<Record<string, unknown> & { version: number }>(
      request,
      token,
      'GET',
      `/api/cms/detail/${created._id}`,
    );
    await api(request, token, 'PATCH', `/api/cms/${created._id}`, {
      title: 'Bridge repairs: the desk’s headline',
      categories: latest.categories,
      user: latest.user,
      publishDate: latest.publishDate,
      body: [{ title: 'From the desk', body: { blocks: [{ type: 'paragraph', data: { text: 'Their text.' } }] } }],
      version: latest.version,
      action: 'save',
    });
    await textbox(page, 'Title').fill('Bridge repairs: discarded');
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await conflict.getByRole('button', { name: 'Reload (discard mine)' }).click();
    await expect(conflict).toBeHidden();
    await expect(textbox(page, 'Title')).toHaveValue('Bridge repairs: the desk’s headline');
    await expect(sectionCard(page, 1).getByLabel('Sub-headline')).toHaveValue('From the desk');
    await expect(sectionCard(page, 1).locator('.ce-paragraph').first()).toHaveText('Their text.');
    // And the next save goes through at their version.
    await articleActions(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Article Added/Updated Successfully').first()).toBeVisible();
    await expect(conflict).toBeHidden();
  });

  test('a Word document fills the sections and a PDF the first section', async ({ page }) => {
    await signIn(page);
    await page.goto('/article/create');
    await richText(sectionCard(page, 1));

    const word = await docx([
      { runs: [{ text: 'Before any heading.' }] },
      { style: 'Heading1', runs: [{ text: 'Background' }] },
      { runs: [{ text: 'The port opened in ' }, { text: '1887', bold: true }, { text: '.' }] },
      { style: 'Heading2', runs: [{ text: 'Details' }] },
      { runs: [{ text: 'Ships dock at the north quay.' }] },
    ]);
    await page.locator('input[type=file][accept^=".docx"]').setInputFiles({
      name: 'harbour-history.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: word,
    });
    await expect(page.getByText('Imported 3 sections from harbour-.docx.')).toBeVisible();
    await expect(sectionCard(page, 1).locator('.ce-paragraph')).toHaveText(['Before any heading.']);
    await expect(sectionCard(page, 2).getByLabel('Sub-headline')).toHaveValue('Background');
    await expect(sectionCard(page, 2).locator('.ce-paragraph b')).toHaveText('1887');
    await expect(sectionCard(page, 3).getByLabel('Sub-headline')).toHaveValue('Details');
    await expect(sectionCard(page, 3).locator('.ce-paragraph')).toHaveText(['Ships dock at the north quay.']);

    // A PDF's text replaces the first section's, once the user agrees.
    await uploader(page, 'PDF')
      .getByLabel('PDF')
      .setInputFiles({
        name: 'council-minutes.pdf',
        mimeType: 'application/pdf',
        buffer: await pdf(['The council met on Monday.', '', 'The vote was unanimous.']),
      });
    const dialog = page.getByRole('dialog', { name: 'Replace the first section?' });
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await expect(page.getByText(/^Imported \d+ paragraphs from council-.pdf into the first section\.$/)).toBeVisible();
    await expect(sectionCard(page, 1).locator('.codex-editor')).toContainText('The council met on Monday.');
    await expect(sectionCard(page, 1).locator('.codex-editor')).toContainText('The vote was unanimous.');
    await expect(sectionCard(page, 2).getByLabel('Sub-headline')).toHaveValue('Background');
  });

  test('the preview renders the article and leaves stored markup harmless', async ({ page, request }) => {
    const token = await tokenFor(request);
    const category = await ensureCategory(request, token, 'World');
    const me = await currentUserId(request, token);
    const created = await create(request, token, '/api/cms/create', {
      type: 'Blog',
      action: 'save',
      title: 'Preview: a reader’s view',
      description: 'The lead paragraph.',
      categories: [category._id],
      user: me,
      publishDate: new Date().toISOString(),
      body: [
        {
          title: 'First part',
          body: {
            blocks: [
              { type: 'paragraph', data: { text: 'Safe <b>bold</b> <img src=x onerror="window.__xss=1">text' } },
              { type: 'paragraph', data: { text: '<a href="javascript:window.__xss=2">a link</a>' } },
              {
                type: 'list',
                data: {
                  style: 'ordered',
                  meta: {},
                  items: [{ content: 'Step one', meta: {}, items: [{ content: 'Detail', meta: {}, items: [] }] }],
                },
              },
            ],
          },
        },
        {
          title: 'Second part',
          body: { blocks: [{ type: 'quote', data: { text: 'Quoted words', caption: 'Someone' } }] },
        },
      ],
    });

    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await signIn(page);
    await page.goto(`/preview/${created._id}`);
    const article = page.locator('article');
    await expect(article.getByRole('heading', { level: 1, name: 'Preview: a reader’s view' })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'First part' })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Second part' })).toBeVisible();
    await expect(article.getByText('The lead paragraph.')).toBeVisible();
    await expect(article.locator('b', { hasText: 'bold' })).toBeVisible();
    await expect(article.locator('ol ol li', { hasText: 'Detail' })).toBeVisible();
    await expect(article.locator('blockquote', { hasText: 'Quoted words' })).toBeVisible();
    await expect(article.locator('img[onerror], a[href^="javascript"]')).toHaveCount(0);
    await expect(article.getByText('a link')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
  });
});
