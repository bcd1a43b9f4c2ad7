import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatDateTime } from '../../shared/format';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through tests/e2e/playwright.config.ts)`);
  return value;
}

/** Unique per run, so reruns against the same data never collide. */
const RUN = `zq${Date.now().toString(36)}`;
const PASSWORD = 'E2e-Writer-Password-1';
const HOUR = 60 * 60 * 1000;
/** A 1×1 PNG (the API checks the bytes of an uploaded image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Created {
  _id: string;
  status: string;
}

type Counts = Record<string, number>;

const body = [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: 'Hello' } }] } }];

test.describe('dashboard', () => {
  test.describe.configure({ mode: 'serial' });

  const titles = {
    submitted: `Water shortage report ${RUN}`,
    video: `Storm footage ${RUN}`,
    draft: `Draft on the budget ${RUN}`,
    scheduled: `Election schedule ${RUN}`,
    ad: `Festival offer ${RUN}`,
  };
  const ids = { submitted: '', video: '', scheduled: '', ad: '' };
  let scheduledAt = '';
  let admin = '';

  test.beforeAll(async ({ request }) => {
    admin = await tokenFor(request, env('E2E_ADMIN_EMAIL'), env('E2E_ADMIN_PASSWORD'));
    const me = await call<{ _id: string }>(request, admin, 'GET', '/api/user/me');
    const category = await call<{ _id: string }>(request, admin, 'POST', '/api/category/create', {
      name: `Dashboard ${RUN}`,
    });

    // A contributor's Publish sends an article for review.
    const role = await call<{ _id: string }>(request, admin, 'POST', '/api/role/create', {
      name: `Dashboard contributor ${RUN}`,
      description: 'Writes; an editor publishes',
      modelPermissions: { Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] },
    });
    const email = `dash-writer-${RUN}@example.com`;
    const writer = await call<{ _id: string }>(request, admin, 'POST', '/api/user', {
      email,
      name: 'Dana Writer',
      phone: '+91 98765 43210',
      roles: [role._id],
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const writerToken = await tokenFor(request, email, PASSWORD);
    const anHourAgo = new Date(Date.now() - HOUR).toISOString();

    const video = await call<Created>(request, writerToken, 'POST', '/api/cms/create', {
      type: 'Video',
      action: 'publish',
      title: titles.video,
      categories: [category._id],
      user: writer._id,
      description: 'The storm as it hit the coast',
      seo: { title: 'Storm footage', description: 'Video of the storm' },
      publishDate: anHourAgo,
      videos: [{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', description: 'From the pier' }],
    });
    expect(video.status).toBe('Need Review');
    ids.video = video._id;
    const submitted = await call<Created>(request, writerToken, 'POST', '/api/cms/create', {
      type: 'Article',
      action: 'publish',
      title: titles.submitted,
      categories: [category._id],
      user: writer._id,
      publishDate: anHourAgo,
      body,
    });
    expect(submitted.status).toBe('Need Review');
    ids.submitted = submitted._id;

    const article = (title: string, action: string, publishDate: string) => ({
      type: 'Article',
      action,
      title,
      categories: [category._id],
      user: me._id,
      publishDate,
      body,
    });
    const draft = await call<Created>(
      request,
      admin,
      'POST',
      '/api/cms/create',
      article(titles.draft, 'save', anHourAgo),
    );
    expect(draft.status).toBe('Draft');
    const scheduled = await call<Created & { publishDate: string }>(
      request,
      admin,
      'POST',
      '/api/cms/create',
      article(titles.scheduled, 'publish', new Date(Date.now() + 3 * HOUR).toISOString()),
    );
    expect(scheduled.status).toBe('Scheduled');
    ids.scheduled = scheduled._id;
    scheduledAt = scheduled.publishDate;

    // An ad running from now for five days.
    const client = await call<{ _id: string }>(request, admin, 'POST', '/api/client', { name: `Sunrise ${RUN}` });
    const started = await call<{ _id: string; upload: { url: string; headers: Record<string, string> } }>(
      request,
      admin,
      'POST',
      '/api/asset/upload',
      { name: 'banner.png', contentType: 'image/png', size: PNG.length, purpose: 'ad-image' },
    );
    expect((await request.put(started.upload.url, { headers: started.upload.headers, data: PNG })).ok()).toBe(true);
    await call(request, admin, 'POST', `/api/asset/${started._id}/complete`, {});
    const ad = await call<{ _id: string }>(request, admin, 'POST', '/api/advertisement', {
      title: titles.ad,
      client: client._id,
      categories: [category._id],
      maxImpressionAllowed: 1000,
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 5 * 24 * HOUR - 60_000).toISOString(),
      position: 'Bottom',
      images: [{ screenType: 'Mobile', file: started._id }],
    });
    ids.ad = ad._id;
  });

  test('counts by status, the review queue with links to each editor, the schedule and the running ads', async ({
    page,
    request,
  }) => {
    await signIn(page, env('E2E_ADMIN_EMAIL'), env('E2E_ADMIN_PASSWORD'));
    await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
    const { counts } = await call<{ articles: { counts: Counts } }>(request, admin, 'GET', '/api/dashboard').then(
      (figures) => figures.articles,
    );
    expect(counts['Need Review']).toBeGreaterThanOrEqual(2);

    // Each count is a link to the list filtered by its status.
    const statusCards = page.getByRole('region', { name: 'Articles by status' });
    for (const status of ['ALL', 'Draft', 'Need Review'] as const) {
      const label = status === 'ALL' ? 'All articles' : status;
      await expect(statusCards.getByRole('link', { name: `${label}: ${counts[status]}`, exact: true })).toBeVisible();
    }
    await expect(statusCards.getByRole('link', { name: /^Need Review: / })).toHaveAttribute(
      'href',
      '/article?status=Need+Review',
    );
    await expect(statusCards.getByRole('link', { name: /^Published: / })).toHaveAttribute(
      'href',
      '/article?status=Publish',
    );

    // The review queue, newest first: each item opens the editor of its type.
    const queue = page.getByRole('list', { name: 'Waiting for review' });
    await expect(queue.getByRole('link', { name: titles.submitted })).toHaveAttribute(
      'href',
      `/article/edit/${ids.submitted}`,
    );
    await expect(queue.getByRole('link', { name: titles.video })).toHaveAttribute(
      'href',
      `/article/video/edit/${ids.video}`,
    );
    await expect(queue.getByRole('listitem').filter({ hasText: titles.video })).toContainText('by Dana Writer');

    // What is scheduled, with its time.
    const scheduled = page.getByRole('list', { name: 'Scheduled articles' }).getByRole('listitem').filter({
      hasText: titles.scheduled,
    });
    await expect(scheduled).toContainText(formatDateTime(scheduledAt));
    await expect(scheduled).toContainText(/in (2|3) hours/);

    // The latest save first, with who made it.
    const recent = page.getByRole('list', { name: 'Recently updated articles' }).getByRole('listitem').first();
    await expect(recent).toContainText(titles.scheduled);
    await expect(recent).toContainText('Ada Admin');

    // The running ad: views against its cap, clicks, days left, and a link to its form.
    const ad = page.getByRole('list', { name: 'Running ads' }).getByRole('listitem').filter({ hasText: titles.ad });
    await expect(ad).toContainText('0 / 1,000 views');
    await expect(ad).toContainText('0 clicks');
    await expect(ad).toContainText('5 days left');
    await expect(ad.getByRole('link', { name: titles.ad })).toHaveAttribute('href', `/advertisement/edit/${ids.ad}`);
    await expect(ad.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    // The e-paper total leads to the e-paper list.
    await page
      .getByRole('region', { name: 'E-paper' })
      .getByRole('link', { name: /e-paper editions?$/ })
      .click();
    await expect(page).toHaveURL(/\/epaper$/);
    await expect(page.getByRole('heading', { name: 'Epaper Management' })).toBeVisible();
  });

  test('a review item opens its editor; a count card opens the filtered list', async ({ page }) => {
    await signIn(page, env('E2E_ADMIN_EMAIL'), env('E2E_ADMIN_PASSWORD'));
    await page.getByRole('list', { name: 'Waiting for review' }).getByRole('link', { name: titles.submitted }).click();
    await expect(page).toHaveURL(new RegExp(`/article/edit/${ids.submitted}$`));
    await expect(page.getByRole('heading', { name: 'Update Article' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(titles.submitted);

    await page.goto('/');
    await page
      .getByRole('region', { name: 'Articles by status' })
      .getByRole('link', { name: /^Draft: / })
      .click();
    await expect(page).toHaveURL(/\/article\?status=Draft$/);
    await expect(page.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row').filter({ hasText: titles.draft })).toContainText('Draft');
  });

  test('a late scheduled article is highlighted at the top of the schedule', async ({ page }) => {
    // The publisher would publish a really late one within a minute: the figures are adjusted on their way in.
    await page.route('**/api/dashboard', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { now: string; articles: Record<string, unknown[]> } };
      const late = { ...(json.data.articles.upcoming?.[0] as object), _id: '01LATELATELATELATELATELATE' };
      json.data.articles.late = [
        {
          ...late,
          title: `Late story ${RUN}`,
          publishDate: new Date(Date.parse(json.data.now) - 15 * 60_000).toISOString(),
        },
      ];
      await route.fulfill({ response, json });
    });
    await signIn(page, env('E2E_ADMIN_EMAIL'), env('E2E_ADMIN_PASSWORD'));
    const items = page.getByRole('list', { name: 'Scheduled articles' }).getByRole('listitem');
    await expect(items.first()).toContainText(`Late story ${RUN}`);
    await expect(items.first()).toContainText('Late');
    await expect(items.first()).toContainText(/Was due 15 minutes ago/);
    await expect(items.first()).toHaveAttribute('data-late', 'true');
  });

  test('a user who may read none of it sees the welcome and their access only', async ({ page }) => {
    await signIn(page, env('E2E_LIMITED_EMAIL'), env('E2E_LIMITED_PASSWORD'));
    await expect(page.getByText('Signed in as')).toBeVisible();
    await expect(page.getByText('Access', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'At a glance' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Articles by status' })).toHaveCount(0);
  });
});
