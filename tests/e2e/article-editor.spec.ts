/**
 * The article editor end to end: write, save a Draft, schedule, let the publisher publish; a
 * contributor's Publish goes to review; a stale save keeps what was typed; the preview shows content safely.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Category } from './api';
import { articleActions, dayOfNextMonth, ddmmyyyy, pickCategory, pickDateTime, uploader, uploadPng } from './controls';
import { docx, pdf } from './files';
import { runPublisher } from './publisher';
import { rowOf, runTag, signIn, test, textbox } from './support';

const RUN = runTag('ae');
/** A contributor (Edit:own but not Edit on Cms: their Publish asks for review). */
const CONTRIBUTOR = {
  email: `contributor-${RUN}@example.com`,
  password: 'E2e-Contributor-Password-1',
  name: 'Cora Contributor',
};

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
  let category: Category;

  test.beforeAll(async ({ admin }) => {
    category = await admin.category(`World ${RUN}`);
    await admin.contributor(CONTRIBUTOR, {
      name: `Contributor ${RUN}`,
      description: 'Writes articles; an editor publishes them',
    });
  });

  /**
   * The article's row in the list, found by a title search: the isolated project's other specs seed stories at the
   * same time, which can push it off the first page of All.
   */
  async function listedRow(page: Page, title: string) {
    await page.goto(`/article?search=${encodeURIComponent(title)}`);
    return rowOf(page, title);
  }

  test('an editor writes an article, saves a draft, schedules it, and the publisher publishes it', async ({
    page,
    admin,
  }) => {
    // An article's whole life in one test (four editor loads with the contract's 1 s delay, an upload, the preview):
    // about 25 s on a quiet two-core machine.
    test.slow();
    const title = `Harbour reopens after storm ${RUN}`;

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
    await pickCategory(page, category.name);
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

    await expect(await listedRow(page, title)).toContainText('Draft');

    // Publish with a date next month reads Schedule, asks with the date and its time zone, and says when.
    await page.goto(`/article/edit/${id}`);
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await expect(sectionCard(page, 2).getByLabel('Sub-headline')).toHaveValue('The morning after');
    await pickDateTime(page, 'Publish date', dayOfNextMonth(15));
    await expect(articleActions(page).getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await articleActions(page).getByRole('button', { name: 'Schedule', exact: true }).click();
    const day = ddmmyyyy(dayOfNextMonth(15));
    // The browser's own name for its zone (Chromium says Asia/Calcutta where Node may say Asia/Kolkata).
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const confirm = page.getByRole('dialog', { name: 'Schedule this article?' });
    await expect(confirm).toContainText(`It goes live on ${day}`);
    await expect(confirm).toContainText(zone);
    await confirm.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText(new RegExp(`^Scheduled for ${day} \\d\\d:\\d\\d \\(${zone}`))).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
    await expect(await listedRow(page, title)).toContainText('Scheduled');

    // The publisher, run with its clock just past the publish date, publishes it (and any other Scheduled article
    // due by then: no other spec of the isolated project schedules one).
    const stored = await admin.get<{ publishDate: string; status: string }>(`/api/cms/detail/${id}`);
    expect(stored.status).toBe('Scheduled');
    const early = await runPublisher(new Date(Date.parse(stored.publishDate) - 60_000));
    expect(early.published).toBe(0);
    const due = await runPublisher(new Date(Date.parse(stored.publishDate) + 60_000));
    expect(due.published).toBeGreaterThanOrEqual(1);

    await expect(await listedRow(page, title)).toContainText('Published');

    // The history shows every step, the publisher's included.
    await page.goto(`/article/edit/${id}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Published on schedule')).toBeVisible();
    await expect(history.getByText('Created')).toBeVisible();
  });

  test("a contributor's Publish ends in Need Review, and an editor approves it from the list", async ({
    page,
    admin,
  }) => {
    const title = `Council budget vote ${RUN}`;

    // Someone else's article: Edit:own does not reach it (the API refuses the save), and the editor says so.
    const others = await admin.article(`Editor's own piece ${RUN}`, category._id, await admin.userId(), {
      publishDate: new Date().toISOString(),
      text: 'Not yours.',
    });
    await signIn(page, CONTRIBUTOR);
    await page.goto(`/article/edit/${others._id}`);
    await expect(page.getByRole('heading', { name: 'You cannot edit this article' })).toBeVisible();
    await expect(page.getByText(/^You do not have permissions to perform this action/)).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveCount(0);

    await page.goto('/article/create');
    await textbox(page, 'Title').fill(title);
    await pickCategory(page, category.name);
    // A contributor writes as themselves: the author is fixed.
    const author = page.getByRole('combobox', { name: 'Author' });
    await expect(author).toHaveValue(/Cora Contributor/);
    await expect(author).toBeDisabled();
    await typeInSection(sectionCard(page, 1), 'The council meets on Tuesday to vote on the budget.');

    // Publish says, before it is pressed, that an editor publishes it; the popup says where it went.
    await expect(articleActions(page).getByText('Sent for review: an editor publishes it')).toBeVisible();
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Sent for review', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
    await expect(rowOf(page, title)).toContainText('Need Review');

    // An editor approves it from the list.
    await page.evaluate(() => localStorage.clear());
    await signIn(page);
    // The Need Review tab, as an editor reviewing works: on All, other specs' stories may push it off page one.
    await page.goto(`/article?status=${encodeURIComponent('Need Review')}`);
    const row = rowOf(page, title);
    await expect(row).toContainText('Need Review');
    await row.getByRole('button', { name: /^Approve/ }).click();
    await page.getByRole('dialog', { name: 'Approve article' }).getByRole('button', { name: 'Approve' }).click();
    // It leaves the Need Review tab for Approved.
    await expect(rowOf(page, title)).toBeHidden();
    await page.goto('/article?status=Approved');
    await expect(rowOf(page, title)).toContainText('Approved');
  });

  test('a stale save shows who changed the article and keeps what was typed', async ({ page, admin }) => {
    const created = await admin.article(`Bridge repairs ${RUN}`, category._id, await admin.userId(), {
      publishDate: new Date().toISOString(),
      text: 'Original text.',
    });
    /** Saves the article as someone else would, over the version the API has now, with `changes`. */
    const saveAsSomeoneElse = async (changes: { title: string; body?: unknown }) => {
      const latest = await admin.get<Record<string, unknown> & { version: number }>(`/api/cms/detail/${created._id}`);
      const { categories, user, publishDate, body, version } = latest;
      await admin.patch(`/api/cms/${created._id}`, {
        categories,
        user,
        publishDate,
        body,
        version,
        action: 'save',
        ...changes,
      });
    };

    await signIn(page);
    // The API save below is the same user's, which needs this editor's lock: wait until the editor holds it.
    const locked = page.waitForResponse(
      (r) => r.url().endsWith(`/api/cms/${created._id}/lock`) && r.request().method() === 'POST' && r.ok(),
    );
    await page.goto(`/article/edit/${created._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(/^Bridge repairs/);
    await textbox(page, 'Title').fill('Bridge repairs: my headline');
    await typeInSection(sectionCard(page, 1), ' My added sentence.');
    await locked;

    // Meanwhile someone else saves the article.
    await saveAsSomeoneElse({ title: 'Bridge repairs: their headline' });

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
    const after = await admin.get<{ title: string; body: { body: { blocks: { data: { text: string } }[] } }[] }>(
      `/api/cms/detail/${created._id}`,
    );
    expect(after.title).toBe('Bridge repairs: my headline');
    expect(after.body[0]?.body.blocks[0]?.data.text).toContain('My added sentence.');

    // Once more, and this time take their version: the form shows what they saved.
    await saveAsSomeoneElse({
      title: 'Bridge repairs: the desk’s headline',
      body: [{ title: 'From the desk', body: { blocks: [{ type: 'paragraph', data: { text: 'Their text.' } }] } }],
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

  test('the preview renders the article and leaves stored markup harmless', async ({ page, admin }) => {
    const created = await admin.create('/api/cms/create', {
      type: 'Blog',
      action: 'save',
      title: 'Preview: a reader’s view',
      description: 'The lead paragraph.',
      categories: [category._id],
      user: await admin.userId(),
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
