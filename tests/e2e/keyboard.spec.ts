/**
 * The main flows by keyboard alone: signing in, writing and publishing an article, and curating the
 * home page, with Tab, Shift+Tab, Enter, Space, the arrows and Escape, and text typed where the focus is. No click,
 * no fill: a control is reached by tabbing until it has the focus. Site-wide (see playwright.config.ts): it places
 * articles on the home page, and puts the layout back as it found it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { HomeLayout } from './api';
import { articleActions } from './controls';
import { ADMIN, ADMIN_NAME, notice, rowOf, runTag, SLOW_STEP_TIMEOUT, test, textbox } from './support';

const RUN = runTag('kb');

/** Whether `target` holds the focus now. */
const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until the focus lands on `target`, as a keyboard user would, and fails when it has not
 * after `maxPresses`: the control cannot be reached by keyboard.
 */
async function tabTo(page: Page, target: Locator, maxPresses = 150, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < maxPresses && !(await focused(target)); presses++) await page.keyboard.press(key);
  await expect(target).toBeFocused({ timeout: 1 });
}

/** Tabs to `target` and presses Enter on it. */
async function activate(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await tabTo(page, target, 150, key);
  await page.keyboard.press('Enter');
}

/** The login form by keyboard: the Email field, the password after it, and Enter. */
async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto('/login');
  await tabTo(page, textbox(page, 'Email'));
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN_NAME}` })).toBeVisible({
    timeout: SLOW_STEP_TIMEOUT,
  });
}

/** Opens a sidebar group by keyboard (unless it is open) and follows one of its links. */
async function followSidebar(page: Page, group: string, link: string): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const toggle = sidebar.getByRole('button', { name: group, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await activate(page, toggle);
  await activate(page, sidebar.getByRole('link', { name: link, exact: true }));
}

/** The titles, top to bottom, of a list of placed articles. */
const titlesIn = (list: Locator) =>
  list.locator(':scope > li').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));

interface Placed {
  _id: string;
  title: string;
}

interface Layout extends HomeLayout {
  body: {
    headlines: Placed[];
    topStory: Placed[];
    coverStory: Placed | null;
    sections: { category: Placed | null; articles: Placed[] }[];
  };
}

/** The layout as the API takes it back: ids in place of the placed records. */
const bodyOf = ({ body }: Layout) => ({
  headlines: body.headlines.map((a) => a._id),
  topStory: body.topStory.map((a) => a._id),
  coverStory: body.coverStory?._id ?? null,
  sections: body.sections.map((s) => ({
    ...s,
    category: s.category?._id ?? null,
    articles: s.articles.map((a) => a._id),
  })),
});

test.describe('by keyboard alone', () => {
  test('sign-in: Email, Tab, password, Enter', async ({ page }) => {
    await signInByKeyboard(page);
    await expect(page).toHaveURL(/\/$/);
  });

  test('write an article from the sidebar, save it, publish it', async ({ page, admin }) => {
    // Two editor loads with the contract's 1 s delay, a save and a publish, all by keystrokes.
    test.slow();
    const category = `Keyboard desk ${RUN}`;
    await admin.category(category);
    const title = `Typed, not clicked ${RUN}`;
    await signInByKeyboard(page);

    await followSidebar(page, 'Blog Management', 'Manage Blog');
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
    await activate(page, page.getByRole('link', { name: 'Create Blog' }));
    await expect(page.getByRole('heading', { name: 'Add Article' })).toBeVisible();

    await tabTo(page, textbox(page, 'Title'));
    await page.keyboard.type(title);

    // The section's text: Editor.js takes input once its 1 s start delay has passed.
    const content = page.getByRole('group', { name: 'Section 1' }).getByRole('group', { name: 'Content' });
    await expect(content).toHaveAttribute('data-ready', 'true');
    await tabTo(page, content.locator('[contenteditable="true"]').first());
    await page.keyboard.type('Every word of this story was typed.');

    // The category: typed into the select, the first match chosen with the arrow and Enter, the list closed.
    const categories = page.getByRole('combobox', { name: 'Categories' });
    await tabTo(page, categories);
    await page.keyboard.type(category);
    await expect(page.getByRole('option', { name: category, exact: true })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('option', { name: category, exact: true })).toHaveCount(0);

    await activate(page, articleActions(page).getByRole('button', { name: 'Save', exact: true }));
    await expect(notice(page, 'Article Added/Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/article\/edit\/[0-9A-Z]{26}$/);
    await expect(articleActions(page).getByText('Draft', { exact: true })).toBeVisible();
    await expect(textbox(page, 'Title')).toHaveValue(title);

    // The action bar is the last thing on the page: backwards from the top is the short way there.
    await activate(page, articleActions(page).getByRole('button', { name: 'Publish', exact: true }), 'Shift+Tab');
    await expect(page).toHaveURL(/\/article$/);
    await expect(rowOf(page, title).getByText('Published', { exact: true })).toBeVisible();
  });

  test.describe('the home page', () => {
    // A mark of their own: the article the other test publishes carries RUN too.
    const HOME = runTag('kbh');
    const stories = [`Harbour opens ${HOME}`, `Bridge closes ${HOME}`] as const;
    let before: Layout;

    test.beforeAll(async ({ admin }) => {
      const author = await admin.userId();
      const { _id } = await admin.category(`Keyboard news ${HOME}`);
      for (const title of stories) await admin.article(title, _id, author, { action: 'publish' });
      before = await admin.homeLayout<Layout>();
      // No headlines and no cover to start with, so the two fit and their order is known.
      const cleared = await admin.saveHomeLayout(before, { ...bodyOf(before), headlines: [], coverStory: null });
      expect(cleared.ok(), await cleared.text()).toBe(true);
    });

    // The layout is one record for the whole site: put back what the other site-wide specs left.
    test.afterAll(async ({ admin }) => {
      const restored = await admin.saveHomeLayout(await admin.homeLayout(), bodyOf(before));
      expect(restored.ok(), await restored.text()).toBe(true);
    });

    test('curate: two headlines in a new order and a cover story, each picked and saved by keyboard', async ({
      page,
      admin,
    }) => {
      test.slow();
      await signInByKeyboard(page);

      await followSidebar(page, 'Home Page', 'Top Headlines');
      await expect(page.getByRole('heading', { name: 'Manage Top Headlines' })).toBeVisible();
      const headlines = page.getByRole('list', { name: 'Top headlines' });
      const search = page.getByRole('textbox', { name: 'Search published articles' });
      await tabTo(page, search);
      await page.keyboard.type(HOME);
      const results = page.getByRole('list', { name: 'Search results' });
      await expect(results.getByRole('listitem')).toHaveCount(2);
      for (const title of stories) {
        await activate(page, results.getByRole('button', { name: `Add ${title}` }));
        await expect(headlines.getByRole('listitem', { name: title })).toBeVisible();
      }
      // The second one up a place, with its Move up button.
      await activate(page, headlines.getByRole('button', { name: `Move ${stories[1]} up` }));
      const order = [stories[1], stories[0]];
      await expect.poll(() => titlesIn(headlines)).toEqual(order);
      await activate(page, page.getByRole('button', { name: 'Save', exact: true }));
      await expect(notice(page, 'Headlines Successfully Updated')).toBeVisible();
      const saved = await admin.homeLayout<Layout>();
      expect(saved.body.headlines.map((a) => a.title)).toEqual(order);
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);

      await followSidebar(page, 'Home Page', 'Cover Story');
      await expect(page.getByRole('heading', { name: 'Manage Cover Story' })).toBeVisible();
      await tabTo(page, page.getByRole('textbox', { name: 'Search published articles' }));
      await page.keyboard.type(HOME);
      await activate(page, page.getByRole('button', { name: `Use as cover ${stories[0]}` }));
      const cover = page.getByRole('region', { name: 'Chosen cover story' });
      await expect(cover.getByText(stories[0])).toBeVisible();
      await activate(page, page.getByRole('button', { name: 'Save', exact: true }));
      await expect(notice(page, 'Cover Story Successfully Updated')).toBeVisible();
      expect((await admin.homeLayout<Layout>()).body.coverStory?.title).toBe(stories[0]);
    });
  });
});
