import { expect, type Locator, type Page } from '@playwright/test';
import { dayLabel, dayOfNextMonth, ddmmyyyy, pickCategory, pickDateTime, uploader, uploadPng } from './controls';
import { notice, rowOf, runTag, signIn, test, textbox } from './support';

/** This spec's mark: its titles carry it, and the list's search for it finds only them. */
const RUN = runTag('ad');

interface StoredAd {
  _id: string;
  title: string;
  position: string;
  version: number;
  images: { screenType: string; file: string }[];
  isFeatured: boolean;
  maxImpressionAllowed: number;
}

/** Picks `day` of next month, at the picker's default time, in the date-time field labelled `label`. */
const pickNextMonthDay = (page: Page, label: 'Start date' | 'End date', day: number) =>
  pickDateTime(page, label, dayOfNextMonth(day), { apply: `Apply ${label.toLowerCase()}` });

async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const form = (page: Page): Locator => page.locator('form[aria-label$="Advertisement"]');

test.describe('advertisements', () => {
  const category = `E2E Ads ${RUN}`;
  const clientName = `Acme Motors ${RUN}`;
  let categoryId = '';
  let clientId = '';

  test.beforeAll(async ({ admin }) => {
    categoryId = (await admin.category(category))._id;
    clientId = (
      await admin.create('/api/client', {
        name: clientName,
        email: `ads-${RUN}@acme.example`,
        mobile: '+91 98765 43210',
      })
    )._id;
  });

  /** What /api/advertisement takes for a Bottom ad of this spec's client and category with the Mobile `image`. */
  const adData = (
    image: string,
    ad: { title: string; start: Date; end: Date; position?: string; impressions?: number },
  ) => ({
    title: ad.title,
    description: '',
    url: '',
    client: clientId,
    categories: [categoryId],
    maxImpressionAllowed: ad.impressions ?? 500,
    startDate: ad.start.toISOString(),
    endDate: ad.end.toISOString(),
    position: ad.position ?? 'Bottom',
    images: [{ screenType: 'Mobile', file: image }],
    isFeatured: false,
  });

  test('a Top ad with both images; switched to Bottom it keeps only the Mobile image', async ({ page, admin }) => {
    test.slow();
    const title = `Spring sale ${RUN}`;
    await signIn(page);
    await page.goto('/advertisement');
    await page.getByRole('link', { name: 'Add Advertisement' }).click();
    await expect(page).toHaveURL(/\/advertisement\/create$/);
    await expect(page.getByRole('heading', { name: 'Add Advertisement' })).toBeVisible();

    await textbox(page, 'Title').fill(title);
    await textbox(page, 'Description').fill('Thirty percent off every model this spring');
    await textbox(page, 'Link').fill('https://acme.example/spring');
    await page.getByRole('combobox', { name: 'Client', exact: true }).fill('Acme Motors');
    await page.getByRole('option', { name: new RegExp(clientName) }).click();
    await pickCategory(page, category);
    await pickNextMonthDay(page, 'Start date', 10);
    await pickNextMonthDay(page, 'End date', 20);
    await textbox(page, 'Maximum impressions').fill('25000');
    await choose(page, 'Position', 'Top');

    // Top asks for both screen types.
    await expect(uploader(page, 'Mobile image')).toBeVisible();
    await expect(uploader(page, 'Desktop image')).toBeVisible();
    await uploadPng(page, 'Mobile image', 'spring-mobile.png', [220, 60, 40], [96, 48]);
    await uploadPng(page, 'Desktop image', 'spring-desktop.png', [40, 90, 200], [96, 48]);
    await expect(page.getByRole('img', { name: 'Mobile image preview' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Desktop image preview' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show in Home' }).check();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Advertisement Added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/advertisement$/);
    const row = rowOf(page, title);
    await expect(row).toBeVisible();
    await expect(row).toContainText(clientName);
    await expect(row).toContainText('Top');
    await expect(row).toContainText('Ada Admin');
    await expect(row).toContainText('Scheduled');
    await expect(row).toContainText('0 / 0');
    // Dates read DD/MM/YYYY HH:mm.
    await expect(row).toContainText(`From ${ddmmyyyy(dayOfNextMonth(10))} 00:00`);

    // Edit: Top to Bottom drops the Desktop slot and its image.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/advertisement\/edit\/[0-9A-Z]{26}$/);
    const id = page.url().split('/').pop() ?? '';
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await expect(page.getByRole('img', { name: 'Desktop image preview' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Performance' })).toContainText('Ada Admin');
    await choose(page, 'Position', 'Bottom');
    await expect(uploader(page, 'Desktop image')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Desktop image preview' })).toHaveCount(0);
    await expect(page.getByText('The Desktop image was removed: only the Top position shows one.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Mobile image preview' })).toBeVisible();

    // Back to Top asks for a Desktop image again; then Bottom once more, and Update.
    await choose(page, 'Position', 'Top');
    await expect(uploader(page, 'Desktop image').getByRole('button', { name: 'Choose file' })).toBeVisible();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(uploader(page, 'Desktop image')).toContainText('The Top position needs a Desktop image too');
    await choose(page, 'Position', 'Bottom');
    await page.getByRole('button', { name: 'Update' }).click();
    // CONTRACT.md §8: the same popup after an update (the one from the create may still be showing).
    await expect(notice(page, 'Advertisement Added Successfully').last()).toBeVisible();
    await expect(page).toHaveURL(/\/advertisement$/);
    await expect(rowOf(page, title)).toContainText('Bottom');

    // Reopened: the Mobile image only.
    await page.goto(`/advertisement/edit/${id}`);
    await expect(page.getByRole('combobox', { name: 'Position', exact: true })).toHaveValue('Bottom');
    await expect(page.getByRole('img', { name: 'Mobile image preview' })).toBeVisible();
    await expect(uploader(page, 'Desktop image')).toHaveCount(0);
    const stored = await admin.get<StoredAd>(`/api/advertisement/${id}`);
    expect(stored.position).toBe('Bottom');
    expect(stored.images.map((image) => image.screenType)).toEqual(['Mobile']);
    expect(stored.isFeatured).toBe(true);
    expect(stored.maxImpressionAllowed).toBe(25000);
  });

  test('an empty Save shows what is required; an end before the start is refused', async ({ page }) => {
    await signIn(page);
    await page.goto('/advertisement/create');
    await page.getByRole('button', { name: 'Save' }).click();
    const messages = [
      'Title is required',
      'Client is required',
      'Select at least one category',
      'Enter a whole number of impressions above 0',
      'Start date is required',
      'End date is required',
      'Choose a position',
      'A Mobile image is required',
    ];
    for (const message of messages) await expect(form(page).getByText(message, { exact: true })).toBeVisible();

    await pickNextMonthDay(page, 'Start date', 20);
    await pickNextMonthDay(page, 'End date', 15);
    await expect(form(page).getByText('The end date must be after the start date', { exact: true })).toBeVisible();
    await expect(form(page).getByText('Start date is required', { exact: true })).toHaveCount(0);
    // Moving the start before the end clears it.
    await pickNextMonthDay(page, 'Start date', 5);
    await expect(form(page).getByText('The end date must be after the start date', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\/advertisement\/create$/);
  });

  test('the list filters by title, category and a day the ad runs on, kept in the URL', async ({ page, admin }) => {
    const image = await admin.adImage('filter-mobile.png');
    const inDays = (days: number, hour: number) => {
      const date = new Date();
      date.setDate(date.getDate() + days);
      date.setHours(hour, 0, 0, 0);
      return date;
    };
    const make = (title: string, start: Date, end: Date) =>
      admin.create('/api/advertisement', adData(image, { title, start, end, position: 'RightTop' }));
    const early = `Early bird ${RUN}`;
    const late = `Late show ${RUN}`;
    await make(early, inDays(2, 9), inDays(4, 18));
    await make(late, inDays(10, 9), inDays(12, 18));

    await signIn(page);
    await page.goto('/advertisement');
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('form', { name: 'Filter advertisements' });
    await panel.getByRole('textbox', { name: 'Search' }).fill(RUN);
    await pickCategory(page, category, panel);
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`search=${RUN}.*categories=${categoryId}`));
    await expect(rowOf(page, early)).toBeVisible();
    await expect(rowOf(page, late)).toBeVisible();
    await expect(rowOf(page, early)).toContainText('Right top');

    // Running on a day of the early ad's window only.
    const day = inDays(3, 12);
    await panel.getByRole('button', { name: 'Running on' }).click();
    if (day.getMonth() !== new Date().getMonth()) await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: dayLabel(day), exact: true }).click();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect(rowOf(page, early)).toBeVisible();
    await expect(rowOf(page, late)).toHaveCount(0);

    // A reload keeps the filters; Reset clears them.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filters' })).toContainText('3');
    await expect(rowOf(page, late)).toHaveCount(0);
    await page.getByRole('form', { name: 'Filter advertisements' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/advertisement$/);
    await expect(rowOf(page, late)).toBeVisible();
  });

  test('on a phone the list shows cards with Edit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`/advertisement?search=${RUN}`);
    const cards = page.getByRole('list', { name: 'Advertisements' });
    const card = cards.getByRole('listitem').filter({ hasText: `Early bird ${RUN}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Added by Ada Admin');
    await expect(card.getByRole('link', { name: `Edit Early bird ${RUN}` })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a reader sees the list without Add Advertisement, and Edit says why it is unavailable', async ({
    page,
    admin,
  }) => {
    const reader = { email: `ad-reader-${RUN}@example.com`, password: 'E2e-Ad-Reader-1' };
    const role = await admin.role({
      name: `Ad reader ${RUN}`,
      description: 'Reads the advertisements, changes nothing',
      modelPermissions: { Advertisement: ['Read'] },
    });
    await admin.user({ ...reader, name: 'Rita Reader', roles: [role._id] });

    await signIn(page, reader);
    await page.goto(`/advertisement?search=${RUN}`);
    const row = rowOf(page, `Early bird ${RUN}`);
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Advertisement' })).toHaveCount(0);
    const edit = row.getByRole('button', { name: `Edit Early bird ${RUN}` });
    await expect(edit).toHaveAttribute('aria-disabled', 'true');
    await edit.hover();
    await expect(page.getByText('You need the Edit permission on advertisements')).toBeVisible();
  });

  test('a save over a newer version keeps what was typed and offers Reload', async ({ page, admin }) => {
    const image = await admin.adImage('stale-mobile.png');
    const start = new Date(Date.now() + 3 * 86_400_000);
    const end = new Date(Date.now() + 9 * 86_400_000);
    const body = adData(image, { title: `Two editors ${RUN}`, start, end, impressions: 100 });
    const ad = await admin.create<StoredAd>('/api/advertisement', body);

    await signIn(page);
    await page.goto(`/advertisement/edit/${ad._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(body.title);
    // Someone else saves first.
    await admin.patch(`/api/advertisement/${ad._id}`, {
      ...body,
      title: `Their title ${RUN}`,
      version: ad.version,
    });

    await textbox(page, 'Title').fill(`My title ${RUN}`);
    await page.getByRole('button', { name: 'Update' }).click();
    const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Reload' }) });
    await expect(alert).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(`My title ${RUN}`);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(textbox(page, 'Title')).toHaveValue(`Their title ${RUN}`);
  });
});
