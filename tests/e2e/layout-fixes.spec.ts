/**
 * What a newsroom probe found cut, covered or hidden, with Hindi text: the advertisement table's Actions column at
 * 1440 px, popups over the header's search and account menu, 'Name is required' out of view in the category
 * dialog, and e-paper PDFs known only by their first 8 characters. Screenshots of each screen at 1440 and 390 px go to
 * SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { runTag, signIn, test, textbox } from './support';

const RUN = runTag('lf');
const SHOTS = process.env.SHOTS_DIR;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Whether `locator`'s box lies inside the window, and its middle is not under another element. */
async function inViewAndOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.top < 0 || box.left < 0) return false;
    if (box.bottom > window.innerHeight || box.right > window.innerWidth) return false;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (element === top || element.contains(top) || top.contains(element));
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('layout fixes', () => {
  test('the advertisement table shows every column, Actions included, at 1440 px', async ({ page, admin }) => {
    const category = await admin.category(`विज्ञापन श्रेणी राष्ट्रीय समाचार ${RUN}`);
    const client = await admin.create('/api/client', { name: `भारत मोटर्स प्राइवेट लिमिटेड ${RUN}` });
    const image = await admin.adImage(`ad-${RUN}.png`);
    const start = new Date(Date.now() + 60 * 60 * 1000);
    await admin.create('/api/advertisement', {
      title: `त्योहारों पर भारी छूट: सभी नई गाड़ियों पर ${RUN}`,
      description: '',
      url: '',
      client: client._id,
      categories: [category._id],
      maxImpressionAllowed: 250000,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 30 * 24 * 3_600_000).toISOString(),
      position: 'Top',
      isFeatured: true,
      images: [
        { screenType: 'Mobile', file: image },
        { screenType: 'Desktop', file: await admin.adImage(`ad-d-${RUN}.png`) },
      ],
    });
    await page.setViewportSize(WIDE);
    await signIn(page);
    await page.goto(`/advertisement?search=${encodeURIComponent(RUN)}`);
    const table = page.getByRole('table');
    await expect(table.getByText(`भारत मोटर्स`, { exact: false })).toBeVisible();
    const edit = table.getByRole('link', { name: /^Edit / }).first();
    await expect(edit).toBeVisible();
    // No column pushed out of the list: the table fits its box, and the row's Edit is in the window.
    const overflow = await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await inViewAndOnTop(edit)).toBe(true);
    await shot(page, 'ads-1440');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('list', { name: 'Advertisements' })).toBeVisible();
    await shot(page, 'ads-390');
  });

  test('popups stay clear of the header’s search and account menu, and of the bottom action bar', async ({ page }) => {
    await signIn(page);
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/shop/catagory');
      await page.getByRole('button', { name: 'Add Category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Category' });
      await textbox(dialog, 'Name').fill(`समाचार सूचना ${size.width} ${RUN}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const popup = page.locator('.mantine-Notification-root', { hasText: 'Category Added Successfully' }).last();
      await expect(popup).toBeVisible();
      const search = page
        .getByRole('button', { name: /^Search/ })
        .filter({ visible: true })
        .first();
      const account = page.getByRole('button', { name: /^Account menu for / });
      // Under the header, and clear of a bottom action bar (the editors' Publish and Save). The popup slides in
      // from above: its place is read once it has come down below the header.
      await expect.poll(async () => (await popup.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(64);
      const box = await popup.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(size.height / 2);
      for (const control of [search, account]) {
        const under = await control.boundingBox();
        expect(under).not.toBeNull();
        if (box && under)
          expect(overlaps(box, under), `popup over ${await control.getAttribute('aria-label')}`).toBe(false);
      }
      await shot(page, `popup-${size.width}`);
    }
  });

  test('the category dialog keeps “Name is required” and a sibling’s name in view', async ({ page, admin }) => {
    const taken = `राजनीति ${RUN}`;
    await admin.category(taken);
    await signIn(page);
    for (const size of [WIDE, { width: 1440, height: 600 }, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/shop/catagory');
      await page.getByRole('button', { name: 'Add Category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Category' });
      await textbox(dialog, 'Name').fill('');
      // Down at the bottom of the form, where Save is.
      await dialog.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const required = dialog.getByText('Name is required');
      await expect(required).toBeVisible();
      await expect.poll(() => inViewAndOnTop(required), { message: `at ${size.width}×${size.height}` }).toBe(true);
      await expect.poll(() => inViewAndOnTop(textbox(dialog, 'Name'))).toBe(true);
      await expect(textbox(dialog, 'Name')).toBeFocused();
      await shot(page, `category-required-${size.width}x${size.height}`);

      // A sibling's name in another case: the API's refusal shows on the field.
      await textbox(dialog, 'Name').fill(taken.toUpperCase());
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'A category with this name already exists under the same parent',
      );
      await expect(textbox(dialog, 'Name')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  test('an e-paper’s PDF shows its whole name in the edition, and on hover where it is shortened', async ({
    page,
    admin,
  }) => {
    // Latin: the test's PDF writes its name on its page, in a font without Devanagari.
    const fileName = `Morning-edition-14-March-Delhi-${RUN}.pdf`;
    const edition = await admin.create('/api/epaper/create', {
      title: `सुबह का संस्करण ${RUN}`,
      seo: { title: 'Edition', description: 'Edition', keywords: '' },
      file: await admin.epaperPdf(fileName),
      publishDate: new Date().toISOString(),
    });
    await signIn(page);
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/epaper/edit/${edition._id}`);
      await expect(page.getByRole('heading', { name: 'Update Epaper' })).toBeVisible();
      // In the edition: the whole name.
      await expect(page.getByRole('link', { name: `Open ${fileName}` })).toBeVisible();
      // The upload field keeps the contract's 8 characters, and says the rest on hover.
      const short = page.getByText('Morning-.pdf', { exact: true });
      await expect(short).toBeVisible();
      await short.hover();
      await expect(page.getByRole('tooltip', { name: fileName })).toBeVisible();
      await shot(page, `epaper-${size.width}`);
    }
  });
});
