/**
 * Curating the home page: headlines, sections, the cover story and top stories. Site-wide (see
 * playwright.config.ts): the layout is one record for the whole site.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import { articleData, type Created, type HomeLayout } from './api';
import { pickUpWithKeyboard } from './controls';
import { LIMITED, runTag, signIn, test } from './support';

/** This spec's mark: the pickers' searches look for it, so articles of other specs never get in the way. */
const RUN = runTag('hc');

interface Ref {
  _id: string;
  title: string;
}

interface Layout extends HomeLayout {
  body: {
    headlines: Ref[];
    topStory: Ref[];
    coverStory: Ref | null;
    sections: {
      type: string;
      category: { _id: string; name: string } | null;
      articles: Ref[];
      name: string;
      template: string;
      color: string;
    }[];
  };
}

const EMPTY_BODY = { headlines: [], topStory: [], coverStory: null, sections: [] };

/** The titles, top to bottom, of an ordered list of placed articles. */
async function titlesIn(list: Locator): Promise<string[]> {
  return list.locator(':scope > li').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

async function search(scope: Page | Locator, text: string): Promise<Locator> {
  await scope.getByRole('textbox', { name: 'Search published articles' }).fill(text);
  return scope.getByRole('list', { name: 'Search results' });
}

/** Signs in and opens a curation screen (its heading checked, where it has one) that holds nothing yet: `empty`. */
async function openEmpty(page: Page, path: string, empty: string, heading?: string): Promise<void> {
  await signIn(page);
  await page.goto(path);
  if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText(empty)).toBeVisible();
}

/** Saves the screen and sees its confirmation. */
async function save(page: Page, confirmation: string): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(confirmation)).toBeVisible();
}

test.describe('home curation', () => {
  test.describe.configure({ mode: 'serial' });

  const headlines = [
    `Headline ${RUN} no. 1`,
    `Headline ${RUN} no. 2`,
    `Headline ${RUN} no. 3`,
    `Headline ${RUN} no. 4`,
    `Headline ${RUN} no. 5`,
    `Headline ${RUN} no. 6`,
  ] as const;
  const sports = [`Derby day ${RUN}`, `Cup final ${RUN}`] as const;
  const draftTitle = `Unpublished draft ${RUN}`;
  // A published Page (About us): the pickers never offer it. A story with a cover: its option shows the picture.
  const aboutUs = `About us ${RUN}`;
  const pictured = `Pictured story ${RUN}`;
  const ids = new Map<string, string>();
  let sportsCategory = '';

  test.beforeAll(async ({ admin }) => {
    const adminId = await admin.userId();
    const news = await admin.category(`News ${RUN}`);
    const sport = await admin.category(`Sport ${RUN}`);
    sportsCategory = sport._id;
    // Published, an hour ago: what the pickers offer.
    const publish = async (title: string, category: string) => {
      ids.set(title, (await admin.article<Created>(title, category, adminId, { action: 'publish' }))._id);
    };
    for (const title of headlines) await publish(title, news._id);
    for (const title of sports) await publish(title, sport._id);
    ids.set(draftTitle, (await admin.article<Created>(draftTitle, news._id, adminId))._id);
    const page = await admin.create('/api/cms/create', {
      type: 'Page',
      action: 'publish',
      title: aboutUs,
      body: [{ title: 'Who we are', body: { blocks: [{ type: 'paragraph', data: { text: 'A newsroom.' } }] } }],
    });
    ids.set(aboutUs, page._id);
    const cover = await admin.coverImage(`cover-${RUN}.png`);
    const story = await admin.create('/api/cms/create', {
      ...articleData(pictured, news._id, adminId, { action: 'publish' }),
      image: cover,
      imageAlt: 'A harbour at dawn',
    });
    ids.set(pictured, story._id);
    // The layout is one record for the whole site: start from an empty one.
    const reset = await admin.saveHomeLayout(await admin.homeLayout(), EMPTY_BODY);
    expect(reset.ok(), await reset.text()).toBe(true);
  });

  test('five headlines: the add control turns off, the order survives a reload, the API refuses a sixth', async ({
    page,
    admin,
  }) => {
    await openEmpty(page, '/home/top-headline', 'No headlines yet', 'Manage Top Headlines');

    // Search as you type: Published articles only, so the draft never shows.
    const results = await search(page, `Headline ${RUN}`);
    await expect(results.getByRole('listitem')).toHaveCount(6);
    await expect(results.getByRole('listitem', { name: draftTitle })).toHaveCount(0);

    for (const title of headlines.slice(0, 5)) {
      await results.getByRole('button', { name: `Add ${title}` }).click();
    }
    const chosen = page.getByRole('list', { name: 'Top headlines' });
    await expect.poll(() => titlesIn(chosen)).toEqual(headlines.slice(0, 5));
    await expect(page.getByText('5 of 5', { exact: true })).toBeVisible();
    const sixth = results.getByRole('button', { name: `Add ${headlines[5]}` });
    await expect(sixth).toBeDisabled();
    await expect(
      page.getByText('5 of 5 headlines chosen, the most the home page shows.', { exact: false }),
    ).toBeVisible();
    await expect(results.getByRole('button', { name: `Added: ${headlines[0]}` })).toBeDisabled();

    // Reorder: the last one up a place with its arrow, the first one down a place with the keyboard.
    await chosen.getByRole('button', { name: `Move ${headlines[4]} up` }).click();
    const firstHandle = chosen.getByRole('button', { name: `Move ${headlines[0]}`, exact: true });
    await pickUpWithKeyboard(page, firstHandle);
    await page.keyboard.press('ArrowDown');
    // Dropped only after the move is registered (what screen readers are told), as in the menu editor's test.
    await expect(page.getByText(`${headlines[0]} was moved to position 2 of 5.`, { exact: true })).toBeAttached();
    await page.keyboard.press('Space');
    const order = [headlines[1], headlines[0], headlines[2], headlines[4], headlines[3]];
    await expect.poll(() => titlesIn(chosen)).toEqual(order);

    // Removing one turns Add back on.
    await chosen.getByRole('button', { name: `Remove ${headlines[2]}` }).click();
    await expect(sixth).toBeEnabled();
    await sixth.click();
    const saved = [headlines[1], headlines[0], headlines[4], headlines[3], headlines[5]];
    await expect.poll(() => titlesIn(chosen)).toEqual(saved);

    await save(page, 'Headlines Successfully Updated');

    await page.reload();
    await expect.poll(() => titlesIn(page.getByRole('list', { name: 'Top headlines' }))).toEqual(saved);
    const layout = await admin.homeLayout<Layout>();
    expect(layout.body.headlines.map((a) => a.title)).toEqual(saved);

    // The API holds the same limit and takes Published articles only.
    const six = headlines.map((title) => ids.get(title));
    const tooMany = await admin.saveHomeLayout(layout, { ...EMPTY_BODY, headlines: six });
    expect(tooMany.status()).toBe(400);
    expect(await tooMany.text()).toContain('At most 5 headlines');
    const draft = await admin.saveHomeLayout(layout, { ...EMPTY_BODY, headlines: [ids.get(draftTitle)] });
    expect(draft.status()).toBe(400);
    expect(await draft.text()).toContain('Only published articles can be placed on the home page');
  });

  test('the pickers offer news with a thumbnail each and never a Page; the API refuses a Page in any slot', async ({
    page,
    admin,
  }) => {
    await signIn(page);
    await page.goto('/home/top-headline');
    await expect(page.getByRole('heading', { name: 'Manage Top Headlines' })).toBeVisible();

    const results = await search(page, RUN);
    const option = results.getByRole('listitem', { name: pictured });
    await expect(option).toBeVisible();
    await expect(results.getByRole('listitem', { name: headlines[0] })).toBeVisible();
    await expect(results.getByRole('listitem', { name: aboutUs })).toHaveCount(0);
    // The option's thumbnail is its cover, loaded, and named for screen readers.
    const thumb = option.getByRole('img', { name: `Cover image of “${pictured}”` });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    // Searched for by its own title, the Page is still not offered.
    await page.getByRole('textbox', { name: 'Search published articles' }).fill(aboutUs);
    await expect(page.getByText(`No published articles match “${aboutUs}”.`)).toBeVisible();

    // Nor does the API take one, in any slot.
    const layout = await admin.homeLayout<Layout>();
    const keep = {
      headlines: layout.body.headlines.map((a) => a._id),
      topStory: layout.body.topStory.map((a) => a._id),
      coverStory: layout.body.coverStory?._id ?? null,
      sections: [],
    };
    for (const body of [
      { ...keep, headlines: [ids.get(aboutUs)] },
      { ...keep, coverStory: ids.get(aboutUs) },
    ]) {
      const refused = await admin.saveHomeLayout(layout, body);
      expect(refused.status()).toBe(400);
      expect(await refused.text()).toContain(
        `Only articles, blogs, videos and galleries can be placed on the home page (“${aboutUs}” is a Page)`,
      );
    }
  });

  test('a category section with its name, template, colour and two articles; Advertisement adds nothing', async ({
    page,
    admin,
  }) => {
    await openEmpty(page, '/home/manage-section', 'No sections yet', 'Manage Home Page Sections');

    // Offered, but it does nothing: a notice, and still no section.
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('menuitem', { name: /Advertisement/ }).click();
    await expect(page.getByText('Advertisement sections are not available yet')).toBeVisible();
    await expect(page.getByText('No sections yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('menuitem', { name: /^Category/ }).click();
    const section = page.getByRole('list', { name: 'Home page sections' }).locator(':scope > li').first();
    // Its picker waits for the category.
    await expect(section.getByText('Choose the section’s category first')).toBeVisible();
    await section.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: `Sport ${RUN}` }).click();
    // A new category section is named after its category until the editor names it.
    await expect(section.getByRole('textbox', { name: 'Section name' })).toHaveValue(`Sport ${RUN}`);
    await section.getByRole('textbox', { name: 'Section name' }).fill(`Sports desk ${RUN}`);
    await section.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Box+List' }).click();
    await section.getByRole('textbox', { name: 'Colour' }).fill('#AA3300');

    // The picker searches this category only.
    const results = await search(section, RUN);
    await expect(results.getByRole('listitem')).toHaveCount(2);
    for (const title of sports) await results.getByRole('button', { name: `Add ${title}` }).click();
    await expect
      .poll(() => titlesIn(section.getByRole('list', { name: `Articles of Sports desk ${RUN}` })))
      .toEqual(sports);

    await save(page, 'Section Successfully Updated');

    const layout = await admin.homeLayout<Layout>();
    expect(layout.body.sections).toHaveLength(1);
    const [stored] = layout.body.sections;
    expect(stored).toMatchObject({
      type: 'Category',
      category: { _id: sportsCategory, name: `Sport ${RUN}` },
      name: `Sports desk ${RUN}`,
      template: 'template-4',
      color: '#aa3300',
    });
    expect(stored?.articles.map((a) => a.title)).toEqual(sports);
    // The other slots went back as they were.
    expect(layout.body.headlines).toHaveLength(5);
  });

  test('cover story: pick one, save, and it is there after a reload', async ({ page, admin }) => {
    await openEmpty(page, '/home/cover-story', 'No cover story');
    const results = await search(page, RUN);
    await results.getByRole('button', { name: `Use as cover ${sports[1]}` }).click();
    const cover = page.getByRole('region', { name: 'Chosen cover story' });
    await expect(cover.getByText(sports[1])).toBeVisible();
    // Choosing another replaces it.
    await results.getByRole('button', { name: `Use as cover ${headlines[0]}` }).click();
    await expect(cover.getByText(headlines[0])).toBeVisible();
    await expect(cover.getByText(sports[1])).toHaveCount(0);

    await save(page, 'Cover Story Successfully Updated');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Chosen cover story' }).getByText(headlines[0])).toBeVisible();
    expect((await admin.homeLayout<Layout>()).body.coverStory?.title).toBe(headlines[0]);
  });

  test('a save over someone else’s change is refused; the picks stay until Reload shows theirs', async ({
    page,
    admin,
  }) => {
    await openEmpty(page, '/home/top-story', 'No top stories yet');
    const results = await search(page, RUN);
    await results.getByRole('button', { name: `Add ${headlines[2]}` }).click();

    // Meanwhile another editor saves top stories of their own.
    const layout = await admin.homeLayout<Layout>();
    const theirs = await admin.saveHomeLayout(layout, {
      headlines: layout.body.headlines.map((a) => a._id),
      topStory: [ids.get(sports[0])],
      coverStory: layout.body.coverStory?._id ?? null,
      sections: layout.body.sections.map((s) => ({
        ...s,
        category: s.category?._id ?? null,
        articles: s.articles.map((a) => a._id),
      })),
    });
    expect(theirs.ok(), await theirs.text()).toBe(true);

    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: STALE_VERSION_MESSAGE });
    await expect(alert).toBeVisible();
    const chosen = page.getByRole('list', { name: 'Top stories' });
    await expect.poll(() => titlesIn(chosen)).toEqual([headlines[2]]);

    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => titlesIn(page.getByRole('list', { name: 'Top stories' }))).toEqual([sports[0]]);
    await expect(page.getByRole('alert').filter({ hasText: STALE_VERSION_MESSAGE })).toHaveCount(0);

    // Applied again on the fresh version, it goes through.
    await (await search(page, RUN)).getByRole('button', { name: `Add ${headlines[2]}` }).click();
    await save(page, 'Topstory Successfully Updated');
    expect((await admin.homeLayout<Layout>()).body.topStory.map((a) => a.title)).toEqual([sports[0], headlines[2]]);
  });

  test('without Edit on the home page the layout shows read-only', async ({ page }) => {
    await signIn(page, LIMITED);
    await page.goto('/home/top-headline');
    await expect(page.getByRole('heading', { name: 'Manage Top Headlines' })).toBeVisible();
    await expect(page.getByText('Changing the home page needs Edit on Home Page; ask an administrator.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    // What is placed is still listed.
    await expect(page.getByRole('list', { name: 'Top headlines' }).locator(':scope > li')).toHaveCount(5);
  });

  test('a retracted article leaves every slot it held', async ({ page, admin }) => {
    // headlines[0] is both a headline and the cover story by now.
    const id = ids.get(headlines[0]) ?? '';
    const { version } = await admin.get<{ version: number }>(`/api/cms/detail/${id}`);
    await admin.patch(`/api/cms/${id}`, { _id: id, version, action: 'retract' });

    await signIn(page);
    await page.goto('/home/top-headline');
    await expect
      .poll(() => titlesIn(page.getByRole('list', { name: 'Top headlines' })))
      .toEqual([headlines[1], headlines[4], headlines[3], headlines[5]]);
    await page.goto('/home/cover-story');
    await expect(page.getByText('No cover story')).toBeVisible();
  });
});
