import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { LIMITED, runTag, signIn, test, textbox } from './support';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search screens and articles' });
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search screens and articles' });
const option = (page: Page, name: string | RegExp) =>
  page.getByRole('listbox', { name: 'Results' }).getByRole('option', { name });

/** Opens the palette with the keyboard and waits for its search box to take the focus. */
async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+KeyK');
  await expect(searchBox(page)).toBeFocused();
}

const html = (page: Page) => page.locator('html');

test.describe('command palette', () => {
  test('Ctrl+K goes to a screen of the sidebar, from the keyboard alone', async ({ page }) => {
    await signIn(page);
    await openPalette(page);
    await expect(option(page, /^Dashboard/)).toBeVisible();
    await expect(option(page, /^Add Article/)).toBeVisible();
    await expect(option(page, /^Sign out/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Command palette');

    await searchBox(page).fill('categ');
    const categories = option(page, /^Manage Categories/);
    await expect(categories).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await categories.getAttribute('id')) ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop\/catagory$/);
    await expect(page.getByRole('heading', { name: 'Manage Category', level: 1 })).toBeVisible();
    await expect(palette(page)).toBeHidden();

    // The arrows move the highlight; Escape closes and leaves the screen as it was.
    await openPalette(page);
    await searchBox(page).fill('role');
    await expect(option(page, /^Role Management/)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(option(page, /^Create Role/)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/catagory$/);

    // The header's button opens it too, and the shortcut closes it again.
    await page.getByRole('button', { name: /^Search…/ }).click();
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).fill('new user');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/create$/);
    // As a user would, wait for it to close: Ctrl+K during the fade-out would toggle the closing palette.
    await expect(palette(page)).toBeHidden();
    await openPalette(page);
    await page.keyboard.press('ControlOrMeta+KeyK');
    await expect(palette(page)).toBeHidden();
  });

  test('finds an article by a word of its title, in English or Hindi, and opens its editor', async ({
    page,
    admin,
  }) => {
    const tag = runTag('pal');
    const category = await admin.category(`Palette ${tag}`);
    const author = await admin.userId();
    const english = `Council budget ${tag} passes`;
    const hindi = `शिक्षा नीति ${tag} की घोषणा`;
    const englishArticle = await admin.article(english, category._id, author);
    const hindiArticle = await admin.article(hindi, category._id, author);

    await signIn(page);
    await openPalette(page);
    await searchBox(page).fill(`${tag} council`);
    const found = option(page, new RegExp(`^${english}`));
    await expect(found).toBeVisible();
    await expect(found).toContainText('Draft');
    await expect(option(page, new RegExp(`^${hindi}`))).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/article/edit/${englishArticle._id}$`));
    await expect(textbox(page, 'Title')).toHaveValue(english);

    await openPalette(page);
    await searchBox(page).fill(`शिक्षा ${tag}`);
    await expect(option(page, new RegExp(`^${hindi}`))).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/article/edit/${hindiArticle._id}$`));
    await expect(textbox(page, 'Title')).toHaveValue(hindi);

    await openPalette(page);
    await searchBox(page).fill(`${tag}xyz`);
    await expect(palette(page).getByRole('status')).toHaveText(`No articles match “${tag}xyz”.`);
    await expect(page.getByRole('listbox', { name: 'Results' }).getByRole('option')).toHaveCount(0);

    // A search that fails says so in a line, and the palette stays usable.
    await page.route('**/api/cms?*', (route) =>
      route.fulfill({ status: 500, json: { message: { msg: 'Error: The search is resting' } } }),
    );
    await searchBox(page).fill(`${tag} budget`);
    await expect(palette(page).getByRole('status')).toHaveText('Could not search articles. The search is resting');
    await searchBox(page).fill('dashboard');
    await expect(option(page, /^Dashboard/)).toHaveAttribute('aria-selected', 'true');
  });

  test('shows a user only the screens they can use, and no article search without Read', async ({ page }) => {
    await signIn(page, LIMITED);
    await openPalette(page);
    await expect(option(page, /^Dashboard/)).toBeVisible();
    await expect(option(page, /^Profile/)).toBeVisible();
    for (const hidden of [/^Manage Blog/, /^User Management/, /^Add Article/, /^Site Management/, /^Audit Trail/]) {
      await expect(option(page, hidden)).toHaveCount(0);
    }
    await searchBox(page).fill('budget');
    await expect(palette(page).getByRole('status')).toHaveText('Nothing matches “budget”.');
    await expect(palette(page).getByText('Searching articles…')).toHaveCount(0);
  });
});

test.describe('command palette offline', () => {
  test('a palette whose code cannot be fetched says so, and the screen carries on', async ({ page }) => {
    await page.route(/\/assets\/CommandPalette-[\w-]+\.js$/, (route) => route.abort());
    await signIn(page);
    await page.keyboard.press('ControlOrMeta+KeyK');
    await expect(page.getByText('The search could not be opened. Check the connection and try again.')).toBeVisible();
    await expect(palette(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  });
});

test.describe('colour theme', () => {
  test('the header toggle turns the app dark, and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page);
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: 'Theme: System (light now)' }).click();
    await page.getByRole('menuitem', { name: 'Dark theme' }).click();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoSeriousA11yViolations(page, 'Dashboard, dark theme');

    // The palette offers the same choice: back to following the device.
    await openPalette(page);
    await searchBox(page).fill('system theme');
    await page.keyboard.press('Enter');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('button', { name: 'Theme: System (light now)' })).toBeVisible();
  });

  test('with no choice stored, the app follows the device from the first paint, live, without the palette’s code', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The sign-in page does not pay for the palette.
    expect(scripts.filter((path) => /CommandPalette|spotlight/i.test(path))).toEqual([]);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
