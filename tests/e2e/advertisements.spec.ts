import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through tests/e2e/playwright.config.ts)`);
  return value;
}

/** Unique per run, so reruns against the same data never collide. */
const RUN = `ad${Date.now().toString(36)}`;

async function signIn(page: Page, email = env('E2E_ADMIN_EMAIL'), password = env('E2E_ADMIN_PASSWORD')) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: env('E2E_ADMIN_EMAIL'), password: env('E2E_ADMIN_PASSWORD') },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

interface StoredAd {
  _id: string;
  title: string;
  position: string;
  version: number;
  images: { screenType: string; file: string }[];
  isFeatured: boolean;
  maxImpressionAllowed: number;
}

async function storedAd(request: APIRequestContext, token: string, id: string): Promise<StoredAd> {
  const response = await request.get(`/api/advertisement/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: StoredAd }).data;
}

/** A real (decodable) PNG of w×h in one colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An `ad-image` uploaded and verified through the API, as the browser's Uploader does it. */
async function uploadAdImage(request: APIRequestContext, token: string, name: string): Promise<string> {
  const bytes = png(32, 16, [200, 40, 40]);
  const started = await post<{ _id: string; upload: { url: string; headers: Record<string, string> } }>(
    request,
    token,
    '/api/asset/upload',
    { name, contentType: 'image/png', size: bytes.length, purpose: 'ad-image' },
  );
  const put = await request.put(started.upload.url, { headers: started.upload.headers, data: bytes });
  expect(put.ok(), `PUT ${name}`).toBe(true);
  const done = await request.post(`/api/asset/${started._id}/complete`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(done.ok(), await done.text()).toBe(true);
  return started._id;
}

/** The Uploader labelled `label`: uploads a PNG and waits for 'Uploaded.'. */
async function uploadPng(page: Page, label: string, name: string, colour: [number, number, number]) {
  const field = page.getByRole('group', { name: label });
  await field.getByLabel(label).setInputFiles({ name, mimeType: 'image/png', buffer: png(96, 48, colour) });
  await expect(field.getByText('Uploaded.')).toBeVisible();
}

/** Picks `day` of next month, at the picker's default time, in the date-time field labelled `label`. */
async function pickNextMonthDay(page: Page, label: 'Start date' | 'End date', day: number): Promise<void> {
  const apply = page.getByRole('button', { name: `Apply ${label.toLowerCase()}` });
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(apply).toBeVisible();
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + 1, day);
  // The calendar opens at the field's month, or at this month when it is empty.
  const month = page.getByRole('button', { name: 'Choose a month' });
  const wanted = date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  if ((await month.textContent()) !== wanted) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(month).toHaveText(wanted);
  const name = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  await page.getByRole('button', { name, exact: true }).click();
  await apply.click();
  // The dropdown fades out; the next picker's days must not be confused with this one's.
  await expect(apply).toHaveCount(0);
}

async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const slot = (page: Page, label: string) => page.getByRole('group', { name: label });
const listRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });
const popup = (page: Page, text: string) => page.getByText(text, { exact: true });
const form = (page: Page): Locator => page.locator('form[aria-label$="Advertisement"]');

test.describe('advertisements', () => {
  const category = `E2E Ads ${RUN}`;
  const clientName = `Acme Motors ${RUN}`;
  let token = '';
  let categoryId = '';
  let clientId = '';

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    await post(request, token, '/api/category/create', { name: category });
    const categories = await request.get('/api/category/list', { headers: { Authorization: `Bearer ${token}` } });
    const list = ((await categories.json()) as { data: { _id: string; name: string }[] }).data;
    categoryId = list.find((c) => c.name === category)?._id ?? '';
    expect(categoryId).not.toBe('');
    clientId = (
      await post<{ _id: string }>(request, token, '/api/client', {
        name: clientName,
        email: `ads-${RUN}@acme.example`,
        mobile: '+91 98765 43210',
      })
    )._id;
  });

  test('a Top ad with both images; switched to Bottom it keeps only the Mobile image', async ({ page, request }) => {
    test.setTimeout(90_000);
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
    await page.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: category }).click();
    await page.keyboard.press('Escape');
    await pickNextMonthDay(page, 'Start date', 10);
    await pickNextMonthDay(page, 'End date', 20);
    await textbox(page, 'Maximum impressions').fill('25000');
    await choose(page, 'Position', 'Top');

    // Top asks for both screen types.
    await expect(slot(page, 'Mobile image')).toBeVisible();
    await expect(slot(page, 'Desktop image')).toBeVisible();
    await uploadPng(page, 'Mobile image', 'spring-mobile.png', [220, 60, 40]);
    await uploadPng(page, 'Desktop image', 'spring-desktop.png', [40, 90, 200]);
    await expect(page.getByRole('img', { name: 'Mobile image preview' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Desktop image preview' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show in Home' }).check();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(popup(page, 'Advertisement Added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/advertisement$/);
    const row = listRow(page, title);
    await expect(row).toBeVisible();
    await expect(row).toContainText(clientName);
    await expect(row).toContainText('Top');
    await expect(row).toContainText('Ada Admin');
    await expect(row).toContainText('Scheduled');
    await expect(row).toContainText('0 / 0');
    // Dates read DD/MM/YYYY HH:mm.
    const next = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 10);
    const day = `10/${String(next.getMonth() + 1).padStart(2, '0')}/${next.getFullYear()}`;
    await expect(row).toContainText(`${day}00:00`);

    // Edit: Top to Bottom drops the Desktop slot and its image.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/advertisement\/edit\/[0-9A-Z]{26}$/);
    const id = page.url().split('/').pop() ?? '';
    await expect(textbox(page, 'Title')).toHaveValue(title);
    await expect(page.getByRole('img', { name: 'Desktop image preview' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Performance' })).toContainText('Ada Admin');
    await choose(page, 'Position', 'Bottom');
    await expect(slot(page, 'Desktop image')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Desktop image preview' })).toHaveCount(0);
    await expect(page.getByText('The Desktop image was removed: only the Top position shows one.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Mobile image preview' })).toBeVisible();

    // Back to Top asks for a Desktop image again; then Bottom once more, and Update.
    await choose(page, 'Position', 'Top');
    await expect(slot(page, 'Desktop image').getByRole('button', { name: 'Choose file' })).toBeVisible();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(slot(page, 'Desktop image')).toContainText('The Top position needs a Desktop image too');
    await choose(page, 'Position', 'Bottom');
    await page.getByRole('button', { name: 'Update' }).click();
    // SPEC §8: the same popup after an update (the one from the create may still be showing).
    await expect(popup(page, 'Advertisement Added Successfully').last()).toBeVisible();
    await expect(page).toHaveURL(/\/advertisement$/);
    await expect(listRow(page, title)).toContainText('Bottom');

    // Reopened: the Mobile image only.
    await page.goto(`/advertisement/edit/${id}`);
    await expect(page.getByRole('combobox', { name: 'Position', exact: true })).toHaveValue('Bottom');
    await expect(page.getByRole('img', { name: 'Mobile image preview' })).toBeVisible();
    await expect(slot(page, 'Desktop image')).toHaveCount(0);
    const stored = await storedAd(request, token, id);
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

  test('the list filters by title, category and a day the ad runs on, kept in the URL', async ({ page, request }) => {
    const image = await uploadAdImage(request, token, 'filter-mobile.png');
    const inDays = (days: number, hour: number) => {
      const date = new Date();
      date.setDate(date.getDate() + days);
      date.setHours(hour, 0, 0, 0);
      return date;
    };
    const make = (title: string, start: Date, end: Date, categories: string[]) =>
      post(request, token, '/api/advertisement', {
        title,
        description: '',
        url: '',
        client: clientId,
        categories,
        maxImpressionAllowed: 500,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        position: 'RightTop',
        images: [{ screenType: 'Mobile', file: image }],
        isFeatured: false,
      });
    const early = `Early bird ${RUN}`;
    const late = `Late show ${RUN}`;
    await make(early, inDays(2, 9), inDays(4, 18), [categoryId]);
    await make(late, inDays(10, 9), inDays(12, 18), [categoryId]);

    await signIn(page);
    await page.goto('/advertisement');
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('form', { name: 'Filter advertisements' });
    await panel.getByRole('textbox', { name: 'Search' }).fill(RUN);
    await panel.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: category }).click();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`search=${RUN}.*categories=${categoryId}`));
    await expect(listRow(page, early)).toBeVisible();
    await expect(listRow(page, late)).toBeVisible();
    await expect(listRow(page, early)).toContainText('Right top');

    // Running on a day of the early ad's window only.
    const day = inDays(3, 12);
    await panel.getByRole('button', { name: 'Running on' }).click();
    if (day.getMonth() !== new Date().getMonth()) await page.getByRole('button', { name: 'Next month' }).click();
    await page
      .getByRole('button', {
        name: day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
        exact: true,
      })
      .click();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect(listRow(page, early)).toBeVisible();
    await expect(listRow(page, late)).toHaveCount(0);

    // A reload keeps the filters; Reset clears them.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filters' })).toContainText('3');
    await expect(listRow(page, late)).toHaveCount(0);
    await page.getByRole('form', { name: 'Filter advertisements' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/advertisement$/);
    await expect(listRow(page, late)).toBeVisible();
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
    request,
  }) => {
    const reader = { email: `ad-reader-${RUN}@example.com`, password: 'E2e-Ad-Reader-1' };
    const role = await post<{ _id: string }>(request, token, '/api/role/create', {
      name: `Ad reader ${RUN}`,
      description: 'Reads the advertisements, changes nothing',
      modelPermissions: { Advertisement: ['Read'] },
    });
    await post(request, token, '/api/user', {
      ...reader,
      name: 'Rita Reader',
      phone: '+91 98765 43211',
      roles: [role._id],
      confirmPassword: reader.password,
    });

    await signIn(page, reader.email, reader.password);
    await page.goto(`/advertisement?search=${RUN}`);
    const row = listRow(page, `Early bird ${RUN}`);
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Advertisement' })).toHaveCount(0);
    const edit = row.getByRole('button', { name: `Edit Early bird ${RUN}` });
    await expect(edit).toHaveAttribute('aria-disabled', 'true');
    await edit.hover();
    await expect(page.getByText('You need the Edit permission on advertisements')).toBeVisible();
  });

  test('a save over a newer version keeps what was typed and offers Reload', async ({ page, request }) => {
    const image = await uploadAdImage(request, token, 'stale-mobile.png');
    const start = new Date(Date.now() + 3 * 86_400_000);
    const end = new Date(Date.now() + 9 * 86_400_000);
    const body = {
      title: `Two editors ${RUN}`,
      description: '',
      url: '',
      client: clientId,
      categories: [categoryId],
      maxImpressionAllowed: 100,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      position: 'Bottom',
      images: [{ screenType: 'Mobile', file: image }],
      isFeatured: false,
    };
    const ad = await post<StoredAd>(request, token, '/api/advertisement', body);

    await signIn(page);
    await page.goto(`/advertisement/edit/${ad._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(body.title);
    // Someone else saves first.
    const theirs = await request.patch(`/api/advertisement/${ad._id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...body, title: `Their title ${RUN}`, version: ad.version },
    });
    expect(theirs.ok()).toBe(true);

    await textbox(page, 'Title').fill(`My title ${RUN}`);
    await page.getByRole('button', { name: 'Update' }).click();
    const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Reload' }) });
    await expect(alert).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(`My title ${RUN}`);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(textbox(page, 'Title')).toHaveValue(`Their title ${RUN}`);
  });
});
