/**
 * No script drawn as boxes: Hindi, Bengali, Tamil and Urdu in the article preview (its serif face) and in the article
 * list's URL column (monospace) are drawn by the bundled Noto fonts, never by a system fallback, which a machine
 * without those scripts' fonts does not have (it draws .notdef boxes). Chromium says which fonts drew a node's text
 * (CDP `CSS.getPlatformFontsForNode`, with the glyphs each drew): every glyph that is not plain ASCII (the slash and
 * dashes of a URL, the run's tag, spaces) must come from a shipped Noto face. That holds on a machine with or without
 * system fonts for the scripts: a system font drawing them, or boxes drawn in the element's first font, both fail it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { runTag, signIn, test } from './support';

const RUN = runTag('sf');

/** The bundled families (web/src/fonts/scripts.css). */
const SHIPPED = [
  'Noto Sans Devanagari',
  'Noto Sans Bengali',
  'Noto Sans Gurmukhi',
  'Noto Sans Gujarati',
  'Noto Sans Tamil',
  'Noto Naskh Arabic',
];

const SCRIPTS = [
  { script: 'Hindi', family: 'Noto Sans Devanagari', title: 'राजनीति में नया मोड़', text: 'नई सरकार ने शपथ ली।' },
  { script: 'Bengali', family: 'Noto Sans Bengali', title: 'বাজেটে নতুন কর', text: 'সংসদে আজ বাজেট পেশ হল।' },
  { script: 'Tamil', family: 'Noto Sans Tamil', title: 'மழை எச்சரிக்கை', text: 'சென்னையில் கனமழை பெய்தது.' },
  { script: 'Urdu', family: 'Noto Naskh Arabic', title: 'بجٹ پر بحث', text: 'پارلیمان میں آج بجٹ پیش ہوا۔' },
] as const;

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/**
 * The fonts Chromium drew the element holding the text `text` with (inside `scope`), and that element's whole text
 * (the fonts are those of its own text nodes).
 */
async function fontsDrawing(page: Page, scope: Locator, text: string): Promise<{ fonts: PlatformFont[]; all: string }> {
  const all = await scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes(wanted) && node.parentElement) {
        node.parentElement.setAttribute('data-font-probe', '');
        return [...node.parentElement.childNodes]
          .filter((child) => child.nodeType === Node.TEXT_NODE)
          .map((child) => child.textContent)
          .join('');
      }
    }
    return null;
  }, text);
  expect(all, `text "${text}" on the page`).not.toBeNull();
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return { fonts, all: all ?? '' };
  } finally {
    await scope.evaluate(() => {
      for (const element of document.querySelectorAll('[data-font-probe]')) element.removeAttribute('data-font-probe');
    });
    await cdp.detach();
  }
}

/**
 * Waits for the page's fonts, then checks that `text` (inside `scope`) is drawn by `family`, and that no glyph beyond
 * its plain ASCII characters comes from any font but a shipped one.
 */
async function expectDrawnInShippedFont(page: Page, scope: Locator, text: string, family: string, where: string) {
  await expect(scope).toContainText(text);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(
      async () => {
        const { fonts, all } = await fontsDrawing(page, scope, text);
        const ascii = [...all].filter((char) => char.charCodeAt(0) < 0x80).length;
        const custom = fonts.filter((f) => f.isCustomFont).map((f) => f.familyName);
        const system = fonts.filter((f) => !f.isCustomFont);
        return {
          drawnBy: custom.includes(family) ? family : `not ${family}: ${JSON.stringify(fonts)}`,
          unshipped: custom.filter((name) => !SHIPPED.includes(name)),
          // Glyphs a system font drew beyond the ASCII ones: script letters in a fallback, or boxes.
          systemGlyphsBeyondAscii: Math.max(0, system.reduce((n, f) => n + f.glyphCount, 0) - ascii),
        };
      },
      { message: `${where}: "${text}"`, timeout: 10_000 },
    )
    .toEqual({ drawnBy: family, unshipped: [], systemGlyphsBeyondAscii: 0 });
}

/** With SHOTS_DIR set: the page at 1440 and at 390 px wide, for a look. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe('script fonts', () => {
  const ids: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  test.beforeAll(async ({ admin }) => {
    const category = await admin.category(`Scripts ${RUN}`);
    const author = await admin.userId();
    for (const { script, title, text } of SCRIPTS) {
      const made = await admin.article<{ _id: string; slug: string }>(`${title} ${RUN}`, category._id, author, {
        text,
      });
      ids[script] = made._id;
      slugs[script] = made.slug;
    }
  });

  for (const { script, family, title, text } of SCRIPTS) {
    test(`${script} in the preview's serif title and text is drawn by ${family}`, async ({ page }) => {
      await signIn(page);
      await page.goto(`/preview/${ids[script]}`);
      const article = page.locator('article').first();
      await expect(article.getByRole('heading', { level: 1 })).toContainText(title);
      await expectDrawnInShippedFont(page, article, title, family, 'preview title');
      await expectDrawnInShippedFont(page, article, text, family, 'preview text');
      await shots(page, `preview-${script.toLowerCase()}`);
    });
  }

  test('the list’s URL column (monospace) draws every script’s slug in its Noto font', async ({ page }) => {
    await signIn(page);
    await page.goto(`/article?search=${encodeURIComponent(RUN)}`);
    const main = page.getByRole('main');
    for (const { script, family } of SCRIPTS) {
      // The URL as readers see it, decoded: `/राजनीति-में-नया-मोड़-sf…`.
      await expectDrawnInShippedFont(page, main, `/${slugs[script]}`, family, 'URL column');
    }
    await shots(page, 'article-list-scripts');
  });
});
