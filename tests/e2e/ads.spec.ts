/**
 * An ad reaches a reader and is counted: the site asks the delivery API for the ad of a slot (with its content key,
 * through the local CDN), reports it shown, and a reader follows its link; the newsroom then sees the view and the
 * click in the ad list, in the ad's Delivery panel, and in the client's report and its CSV.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Created } from './api';
import { rowOf, runTag, SLOW_STEP_TIMEOUT, signIn, test } from './support';

const RUN = runTag('serve');

/**
 * A person's browser. The ad Lambda counts no robot, and Playwright's own user agent names itself as one, so the
 * reader's calls say plainly what they stand for.
 */
const READER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

interface PublicAd {
  id: string;
  impressionToken: string;
  click: string | null;
}

interface Flight {
  views: number;
  clicks: number;
  days: { day: string; views: number; clicks: number }[];
}

/** The decision for a slot, as a reader's site asks for it: its status and the ad, when one is due. */
async function decide(request: APIRequestContext, key: string, query: string) {
  // A kept-alive socket the server closes as it is reused (ECONNRESET) is tried again, as a browser does for a GET.
  const res = await request.get(`/content/v1/ads?${query}`, {
    headers: { 'x-content-key': key, ...READER },
    maxRetries: 2,
  });
  return {
    status: res.status(),
    ad: res.status() === 200 ? ((await res.json()) as { data: PublicAd }).data : undefined,
  };
}

/** The Delivery panel's table (the chart's numbers): the cell of `column` in the row of `day`. */
function deliveryCell(page: Page, day: string, column: 'Views' | 'Clicks' | 'Delivered so far') {
  const index = { Views: 0, Clicks: 1, 'Delivered so far': 2 }[column];
  return page
    .getByRole('region', { name: 'Delivery', exact: true })
    .getByRole('table', { name: 'Delivery by day (UTC)' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: day, exact: true }) })
    .getByRole('cell')
    .nth(index);
}

test.describe('ads served to readers', () => {
  const clientName = `Diwali Traders ${RUN}`;
  const title = `दिवाली महासेल: सभी इलेक्ट्रॉनिक्स पर भारी छूट ${RUN}`;
  const link = `https://shop.example/diwali-${RUN}`;
  let category: Created & { slug: string };
  let clientId = '';
  let key = '';

  test.beforeAll(async ({ admin }) => {
    category = await admin.create<Created & { slug: string }>('/api/category/create', { name: `Offers ${RUN}` });
    clientId = (
      await admin.create('/api/client', {
        name: clientName,
        email: `ads-${RUN}@shop.example`,
        mobile: '+91 98765 43210',
      })
    )._id;
    key = (await admin.create<{ key: string }>('/api/site-management/content-keys', { name: `Site ${RUN}` })).key;
  });

  test('decision → impression → click, counted in the list, the Delivery panel and the report', async ({
    page,
    admin,
    request,
  }) => {
    test.slow();
    const now = Date.now();
    const image = await admin.adImage('diwali-mobile.png');
    const ad = await admin.create('/api/advertisement', {
      title,
      description: '',
      url: link,
      client: clientId,
      categories: [category._id],
      maxImpressionAllowed: 1000,
      // Running already: the API gives a start ten minutes of grace in the past.
      startDate: new Date(now - 5 * 60 * 1000).toISOString(),
      endDate: new Date(now + 7 * 24 * 60 * 60 * 1000).toISOString(),
      position: 'Bottom',
      images: [{ screenType: 'Mobile', file: image }],
      isFeatured: false,
    });

    // The category and the ad reach the delivery side through the table's stream, and the ad Lambda reads its
    // list again when the ads change: the slot fills once both are there. Only this ad targets the category.
    const query = `position=Bottom&screen=Mobile&category=${encodeURIComponent(category.slug)}`;
    let served: PublicAd | undefined;
    await expect
      .poll(
        async () => {
          served = (await decide(request, key, query)).ad;
          return served?.id;
        },
        { timeout: SLOW_STEP_TIMEOUT },
      )
      .toBe(ad._id);
    const decision = served as PublicAd;
    expect(decision.impressionToken).toEqual(expect.any(String));
    expect(decision.click).toEqual(expect.any(String));

    const beacon = await request.post('/content/v1/ads/impression', {
      headers: READER,
      data: { token: decision.impressionToken },
    });
    expect(beacon.status(), await beacon.text()).toBe(200);
    expect(await beacon.json()).toEqual({ data: { counted: true } });

    // The day's roll-up is what the panel draws: wait for the API to hold it, then look.
    const flightPath = `/api/advertisement/${ad._id}/flight`;
    await expect.poll(async () => (await admin.get<Flight>(flightPath)).days.map((d) => d.views)).toEqual([1]);
    const today = new Date().toISOString().slice(0, 10);
    const todayText = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;

    await signIn(page);
    await page.goto(`/advertisement?search=${RUN}`);
    await expect(rowOf(page, title)).toContainText('1 / 0');

    await page.goto(`/advertisement/edit/${ad._id}`);
    const delivery = page.getByRole('region', { name: 'Delivery', exact: true });
    await expect(
      delivery.getByRole('img', { name: 'Delivered impressions against the cap and an even pace' }),
    ).toBeVisible();
    await expect(deliveryCell(page, todayText, 'Delivered so far')).toHaveText('1');
    await expect(deliveryCell(page, todayText, 'Clicks')).toHaveText('0');
    await expect(delivery).toContainText('Days are UTC');

    // The reader follows the ad: counted, then sent to the ad's own link.
    const followed = await request.get(decision.click as string, { headers: READER, maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toBe(link);
    await expect.poll(async () => (await admin.get<Flight>(flightPath)).days.map((d) => d.clicks)).toEqual([1]);

    await page.reload();
    await expect(deliveryCell(page, todayText, 'Clicks')).toHaveText('1');
    await expect(deliveryCell(page, todayText, 'Views')).toHaveText('1');
    await page.goto(`/advertisement?search=${RUN}`);
    await expect(rowOf(page, title)).toContainText('1 / 1');

    // The client's report, from Client Management's row action: the ad, its counts and the totals, and its CSV.
    await page.goto('/client');
    await rowOf(page, clientName)
      .getByRole('link', { name: `Report for ${clientName}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/client/report/${clientId}$`));
    const report = page.getByRole('table', { name: 'Ads in the report' });
    const adRow = report.getByRole('row').filter({ hasText: title });
    await expect(adRow).toContainText('Bottom');
    await expect(adRow.getByRole('cell').nth(3)).toHaveText('1');
    await expect(adRow.getByRole('cell').nth(4)).toHaveText('1');
    await expect(adRow.getByRole('cell').nth(5)).toHaveText('100.00%');
    await expect(report.getByRole('row').filter({ hasText: 'Total' })).toContainText('100.00%');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^report-Diwali-Traders-${RUN}-\\d{4}-\\d{2}-\\d{2}-${today}\\.csv$`),
    );
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain(`${title},Bottom,`);
    expect(csv).toContain(',1000,1,1,100\r\n');
    expect(csv).toContain('Total,,,,,1,1,100');
  });
});
