/**
 * The dashboard. Site-wide (see playwright.config.ts): its counts and short lists (the review queue, the schedule,
 * the latest saves, the running ads) are of every article and ad on the site.
 */
import { expect } from '@playwright/test';
import { formatDateTime } from '../../shared/format';
import { StaffApi } from './api';
import { LIMITED, rowOf, runTag, signIn, test, textbox } from './support';

/** This spec's mark, in every title it makes. */
const RUN = runTag('db');
const HOUR = 60 * 60 * 1000;

interface Created {
  _id: string;
  status: string;
}

type Counts = Record<string, number>;

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

  test.beforeAll(async ({ request, admin }) => {
    const me = await admin.userId();
    const category = await admin.category(`Dashboard ${RUN}`);

    // A contributor's Publish sends an article for review.
    const writerLogin = { email: `dash-writer-${RUN}@example.com`, password: 'E2e-Writer-Password-1' };
    const writer = await admin.contributor(
      { ...writerLogin, name: 'Dana Writer' },
      { name: `Dashboard contributor ${RUN}`, description: 'Writes; an editor publishes' },
    );
    const writerApi = await StaffApi.signIn(request, writerLogin);
    const anHourAgo = new Date(Date.now() - HOUR).toISOString();

    const video = await writerApi.create<Created>('/api/cms/create', {
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
    const submitted = await writerApi.article<Created>(titles.submitted, category._id, writer._id, {
      action: 'publish',
      publishDate: anHourAgo,
    });
    expect(submitted.status).toBe('Need Review');
    ids.submitted = submitted._id;

    const draft = await admin.article<Created>(titles.draft, category._id, me, { publishDate: anHourAgo });
    expect(draft.status).toBe('Draft');
    const scheduled = await admin.article<Created & { publishDate: string }>(titles.scheduled, category._id, me, {
      action: 'publish',
      publishDate: new Date(Date.now() + 3 * HOUR).toISOString(),
    });
    expect(scheduled.status).toBe('Scheduled');
    ids.scheduled = scheduled._id;
    scheduledAt = scheduled.publishDate;

    // An ad running from now for five days.
    const client = await admin.create('/api/client', { name: `Sunrise ${RUN}` });
    const image = await admin.adImage('banner.png');
    const ad = await admin.create('/api/advertisement', {
      title: titles.ad,
      client: client._id,
      categories: [category._id],
      maxImpressionAllowed: 1000,
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 5 * 24 * HOUR - 60_000).toISOString(),
      position: 'Bottom',
      images: [{ screenType: 'Mobile', file: image }],
    });
    ids.ad = ad._id;
  });

  test('counts by status, the review queue with links to each editor, the schedule and the running ads', async ({
    page,
    admin,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
    const { counts } = (await admin.get<{ articles: { counts: Counts } }>('/api/dashboard')).articles;
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

    // The latest saves, with who made them. (Not asserting first place: another spec's publisher run with a
    // clock a month ahead leaves an article whose last update is in the future on the shared stack.)
    const recent = page
      .getByRole('list', { name: 'Recently updated articles' })
      .getByRole('listitem')
      .filter({ hasText: titles.scheduled });
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
    await signIn(page);
    await page.getByRole('list', { name: 'Waiting for review' }).getByRole('link', { name: titles.submitted }).click();
    await expect(page).toHaveURL(new RegExp(`/article/edit/${ids.submitted}$`));
    await expect(page.getByRole('heading', { name: 'Update Article' })).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(titles.submitted);

    await page.goto('/');
    await page
      .getByRole('region', { name: 'Articles by status' })
      .getByRole('link', { name: /^Draft: / })
      .click();
    await expect(page).toHaveURL(/\/article\?status=Draft$/);
    await expect(page.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(page, titles.draft)).toContainText('Draft');
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
    await signIn(page);
    const items = page.getByRole('list', { name: 'Scheduled articles' }).getByRole('listitem');
    await expect(items.first()).toContainText(`Late story ${RUN}`);
    await expect(items.first()).toContainText('Late');
    await expect(items.first()).toContainText(/Was due 15 minutes ago/);
    await expect(items.first()).toHaveAttribute('data-late', 'true');
  });

  test('a user who may read none of it sees the welcome and their access only', async ({ page }) => {
    await signIn(page, LIMITED);
    await expect(page.getByText('Signed in as')).toBeVisible();
    await expect(page.getByText('Access', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'At a glance' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Articles by status' })).toHaveCount(0);
  });
});
