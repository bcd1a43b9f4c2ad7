/**
 * Publishing reaches readers: an editor publishes a story in the admin, and the delivery API (through the local
 * CDN, with a content key, as the reader-facing site reads it) shows the story and the home page holding it; Retract
 * in the admin, and the story is 404 and gone from the home page.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { type Category, layoutIds, type PlacedLayout } from './api';
import { articleActions } from './controls';
import { runTag, SLOW_STEP_TIMEOUT, signIn, test, textbox } from './support';

const RUN = runTag('delivery');

interface Card {
  id: string;
  title: string;
}
interface Home {
  headlines: Card[];
}

/** A delivery API read with the site's key: its status and data. */
async function read<T>(request: APIRequestContext, key: string, path: string) {
  // A kept-alive socket the server closes as it is reused (ECONNRESET) is tried again, as a browser does for a GET.
  const res = await request.get(`/content/v1${path}`, { headers: { 'x-content-key': key }, maxRetries: 2 });
  return { status: res.status(), data: res.ok() ? ((await res.json()) as { data: T }).data : undefined };
}

test.describe('the delivery API follows the newsroom', () => {
  let category: Category;
  let adminId: string;
  let key: string;

  test.beforeAll(async ({ admin }) => {
    category = await admin.category(`Desk ${RUN}`);
    adminId = await admin.userId();
    key = (await admin.create<{ key: string }>('/api/site-management/content-keys', { name: `Site ${RUN}` })).key;
  });

  test('publish → the site sees the story and the home page holding it → retract → 404 and gone', async ({
    page,
    admin,
    request,
  }) => {
    test.slow();
    const title = `Harbour bridge reopens after repairs ${RUN}`;
    const draft = await admin.article<{ _id: string; slug: string }>(title, category._id, adminId);
    const address = `/articles/${encodeURIComponent(draft.slug)}`;
    await expect.poll(async () => (await read(request, key, '/home')).status, { timeout: SLOW_STEP_TIMEOUT }).toBe(200);
    expect((await read(request, key, address)).status).toBe(404);

    await signIn(page);
    await page.goto(`/article/edit/${draft._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(title, { timeout: SLOW_STEP_TIMEOUT });
    await articleActions(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const keepDate = page.getByRole('dialog', { name: 'Keep the earlier publish date?' });
    await keepDate.getByRole('button', { name: 'Use now' }).click();
    await expect(page).toHaveURL(/\/article$/);

    // Within seconds the site reads it, by its address and on the home page once it is placed there.
    await expect
      .poll(async () => (await read<Card>(request, key, address)).data?.title, { timeout: SLOW_STEP_TIMEOUT })
      .toBe(title);
    // Placed in the headlines, keeping whatever else the home page holds (other specs' stories among it).
    const layout = await admin.homeLayout<PlacedLayout>();
    const body = layoutIds(layout);
    const saved = await admin.saveHomeLayout(layout, {
      ...body,
      headlines: [...body.headlines.slice(0, 4), draft._id],
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await expect
      .poll(async () => (await read<Home>(request, key, '/home')).data?.headlines.map((c) => c.id), {
        timeout: SLOW_STEP_TIMEOUT,
      })
      .toContain(draft._id);

    // Retract in the admin: the site gets a 404, and the home page no longer holds it.
    await page.goto(`/article/edit/${draft._id}`);
    await expect(textbox(page, 'Title')).toHaveValue(title, { timeout: SLOW_STEP_TIMEOUT });
    await articleActions(page).getByRole('button', { name: 'Retract' }).click();
    await page
      .getByRole('dialog', { name: `Retract "${title}"?` })
      .getByRole('button', { name: 'Retract' })
      .click();
    await expect(page).toHaveURL(/\/article$/);
    await expect.poll(async () => (await read(request, key, address)).status, { timeout: SLOW_STEP_TIMEOUT }).toBe(404);
    await expect
      .poll(async () => (await read<Home>(request, key, '/home')).data?.headlines.map((c) => c.id), {
        timeout: SLOW_STEP_TIMEOUT,
      })
      .not.toContain(draft._id);
  });
});
