/**
 * Stored content is hostile: a contributor plants script in every place an article carries text, and an article
 * stored before the server cleaned anything is planted straight into the table. An admin then opens every screen
 * that shows them. Nothing may run (the server cleans, the editor cleans again, the CSP is the last line), and no
 * page may report a CSP violation (the fixture in support.ts fails the test on any).
 */
import { expect, type Page } from '@playwright/test';
import { articleData, StaffApi } from './api';
import { pointAtE2eStack } from './publisher';
import { runTag, signIn, test } from './support';

const RUN = runTag('xss');

/** Each payload, if it ran, would record where it came from on window.__xss. */
const ran = (where: string) => `window.__xss=(window.__xss||[]).concat('${where}')`;
const payloads = (where: string) => ({
  img: `<img src=x onerror="${ran(`${where}-img`)}">`,
  svg: `<svg onload="${ran(`${where}-svg`)}"></svg>`,
  link: `<a href="javascript:${ran(`${where}-link`)}">click</a>`,
  iframe: `<iframe srcdoc="<script>parent.${ran(`${where}-iframe`)}</script>"></iframe>`,
});
const hostile = (where: string, visible: string) => `${visible} ${Object.values(payloads(where)).join(' ')}`;

/** The content of an article with a payload in every block type and string field that can hold HTML. */
function hostileBody(tag: string) {
  return [
    {
      title: `Sub ${tag}`,
      body: {
        blocks: [
          { type: 'paragraph', data: { text: hostile('paragraph', `Paragraph ${tag}`) } },
          { type: 'header', data: { text: hostile('header', `Header ${tag}`), level: 2 } },
          {
            type: 'list',
            data: {
              style: 'unordered',
              meta: {},
              items: [
                {
                  content: hostile('list', `Item ${tag}`),
                  meta: {},
                  items: [{ content: hostile('nested', `Nested ${tag}`), meta: {}, items: [] }],
                },
              ],
            },
          },
          {
            type: 'quote',
            data: { text: hostile('quote', `Quote ${tag}`), caption: hostile('caption', 'Someone'), alignment: 'left' },
          },
        ],
      },
    },
  ];
}

/** Waits for a screen to settle, then checks that nothing injected ran and no live handler or script link is in the DOM. */
async function expectNothingRan(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss), screen).toBeUndefined();
  const live = await page.evaluate(
    () =>
      document.querySelectorAll(
        '[onerror], [onload], [onclick], [onmouseover], a[href^="javascript:" i], iframe[srcdoc], svg[onload]',
      ).length,
  );
  expect(live, `${screen}: elements with handlers or script links`).toBe(0);
}

test.describe('stored content never runs in the admin', () => {
  test.describe.configure({ mode: 'serial' });

  const title = `Hostile ${RUN} <img src=x onerror="${ran('title')}">`;
  const legacyTitle = `Legacy ${RUN}`;
  let articleId = '';
  let legacyId = '';
  /** Both planted articles, each with the tag its visible texts carry. */
  const planted = () =>
    [
      [articleId, RUN],
      [legacyId, `legacy ${RUN}`],
    ] as const;

  test.beforeAll(async ({ request, admin }) => {
    const category = await admin.category(`Desk ${RUN}`);
    const contributor = { email: `${RUN}@example.com`, password: 'Contributor-Pass-2026', name: `Writer ${RUN}` };
    const { _id: contributorId } = await admin.contributor(contributor, {
      name: `Contributors ${RUN}`,
      description: 'Write and edit their own articles',
    });
    const writer = await StaffApi.signIn(request, contributor);

    // The contributor's article (saved, then sent for review), published by the admin so the pickers offer it.
    const created = await writer.create('/api/cms/create', {
      ...articleData(title, category._id, contributorId, { action: 'publish' }),
      body: hostileBody(RUN),
    });
    articleId = created._id;
    const detail = await admin.get<{ version: number }>(`/api/cms/detail/${articleId}`);
    await admin.patch(`/api/cms/${articleId}`, { version: detail.version, action: 'publish' });

    // An article from before the server cleaned anything: the payloads go straight into its stored content.
    legacyId = (await admin.article(legacyTitle, category._id, await admin.userId(), { action: 'publish' }))._id;
    await pointAtE2eStack();
    const { plantRawSections } = await import('../fixtures/article-content');
    await plantRawSections(legacyId, hostileBody(`legacy ${RUN}`));
  });

  test('the article editor shows the text of every block and runs none of it', async ({ page }) => {
    await signIn(page);
    for (const [id, tag] of planted()) {
      await page.goto(`/article/edit/${id}`);
      for (const text of ['Paragraph', 'Header', 'Item', 'Nested', 'Quote']) {
        await expect(page.getByText(`${text} ${tag}`, { exact: false }).first()).toBeVisible();
      }
      // The link whose target was a script keeps its text, no longer a link.
      await expect(page.getByText('click', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'click' })).toHaveCount(0);
      await expectNothingRan(page, `editor ${tag}`);
    }
  });

  test('the preview renders the same text and runs none of it', async ({ page }) => {
    await signIn(page);
    for (const [id, tag] of planted()) {
      await page.goto(`/preview/${id}`);
      await expect(page.getByText(`Paragraph ${tag}`)).toBeVisible();
      await expect(page.getByText(`Nested ${tag}`)).toBeVisible();
      // A link whose target was a script keeps its text and loses its target.
      const link = page.getByText('click', { exact: true }).first();
      await expect(link).toBeVisible();
      expect(await link.getAttribute('href')).toBeNull();
      await expectNothingRan(page, `preview ${tag}`);
    }
  });

  test('the list, the dashboard and the home pickers show the hostile title as text', async ({ page }) => {
    await signIn(page);
    await page.goto(`/article?search=${encodeURIComponent(`Hostile ${RUN}`)}`);
    await expect(page.getByText(title).first()).toBeVisible();
    await expectNothingRan(page, 'article list');

    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
    await expectNothingRan(page, 'dashboard');

    // Added, not saved: the headlines have room, as the specs that write the layout run after this one.
    await page.goto('/home/top-headline');
    await page.getByRole('textbox', { name: 'Search published articles' }).fill(`Hostile ${RUN}`);
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByText(title)).toBeVisible();
    await results.getByRole('button', { name: `Add ${title}` }).click();
    await expect(page.getByRole('list', { name: 'Top headlines' }).getByText(title)).toBeVisible();
    await expectNothingRan(page, 'home pickers');
  });
});
