import { expect, type Locator, type Page } from '@playwright/test';
import { passDragTimers, pickUpWithKeyboard } from './controls';
import { notice, rowOf, signIn, test, textbox, unique } from './support';

/** The menu editor's rows, top to bottom, as 'title@depth'. */
async function menuRows(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Menu items' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('aria-label')}@${row.getAttribute('data-depth')}`));
}

/** A real mouse drag of a menu item's handle, by steps, to a point. */
async function dragHandle(page: Page, handle: Locator, to: { x: number; y: number }): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle is not visible');
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past the 4px activation distance first, then on to the target.
  await page.mouse.move(from.x + 2, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
  // dnd-kit swallows every click for 50 ms after a drop (so the drop itself is not taken as a click).
  await passDragTimers(page);
}

/**
 * Signs in and opens a Manage screen (both say Manage Category and Add Category), then its Add modal, and saves it
 * empty: the modal shows `required`. Returns the modal.
 */
async function addModalSavedEmpty(page: Page, path: string, dialog: string, required: string): Promise<Locator> {
  await signIn(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Manage Category' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const add = page.getByRole('dialog', { name: dialog });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(required)).toBeVisible();
  return add;
}

test.describe('categories, menus and breaking news', () => {
  test('the category modal adds a parent and a child, and Edit Category turns one inactive', async ({ page }) => {
    const parent = unique('E2E Business');
    const child = unique('E2E Markets');
    // Name is required.
    const add = await addModalSavedEmpty(page, '/shop/catagory', 'Add Category', 'Name is required');

    await textbox(add, 'Name').fill(parent);
    await textbox(add, 'Description').fill('Markets, companies and money');
    await textbox(add, 'SEO title').fill(`${parent} news`);
    await add.getByRole('button', { name: 'Add meta tag' }).click();
    await add.getByRole('textbox', { name: 'Meta tag 1 property' }).fill('og:type');
    await add.getByRole('textbox', { name: 'Meta tag 1 content' }).fill('website');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Category Added Successfully')).toBeVisible();
    await expect(add).toBeHidden();

    // The child, with the parent picked in the parent select.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await textbox(add, 'Name').fill(child);
    await add.getByRole('combobox', { name: 'Parent category' }).fill(parent);
    await page.getByRole('option', { name: parent, exact: true }).click();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();

    // Both are in the tree, the child inside the parent's branch.
    const tree = page.getByRole('tree', { name: 'Categories' });
    const parentItem = tree.getByRole('treeitem').filter({ has: page.getByRole('button', { name: `Edit ${parent}` }) });
    await expect(parentItem.first()).toBeVisible();
    await expect(parentItem.first().getByRole('group').getByText(child, { exact: true })).toBeVisible();

    // Edit the child: untick Active.
    await tree.getByRole('button', { name: `Edit ${child}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(textbox(edit, 'Name')).toHaveValue(child);
    const active = edit.getByRole('checkbox', { name: 'Active' });
    await expect(active).toBeChecked();
    await active.uncheck();
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, 'Category Updated Successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    const childItem = tree.getByRole('treeitem').filter({ has: page.getByRole('button', { name: `Edit ${child}` }) });
    await expect(childItem.last().getByText('Inactive', { exact: true })).toBeVisible();

    // It stays inactive on a fresh read.
    await page.reload();
    await tree.getByRole('button', { name: `Edit ${child}` }).click();
    await expect(edit.getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
  });

  test('the menu editor reorders and nests by mouse and by keyboard, and keeps the order', async ({ page, admin }) => {
    test.slow();
    const [first, second, third] = [unique('E2E Alpha'), unique('E2E Beta'), unique('E2E Gamma')];
    for (const name of [first, second, third]) await admin.category(name);

    await page.clock.install(); // for passDragTimers
    await signIn(page);
    await page.goto('/menu');
    await page.getByRole('link', { name: 'Add Menu' }).click();
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByRole('heading', { name: 'Add Menu' })).toBeVisible();

    // Ticking categories adds them, in the order ticked.
    for (const name of [first, second, third]) await page.getByRole('checkbox', { name }).check();
    await page.getByRole('combobox', { name: 'Menu' }).click();
    await page.getByRole('option', { name: 'Top Menu' }).click();
    await expect.poll(() => menuRows(page)).toEqual([`${first}@0`, `${second}@0`, `${third}@0`]);

    // Mouse: drag the third item above the first …
    const handle = (name: string) => page.getByRole('button', { name: `Move ${name}`, exact: true });
    const firstBox = await handle(first).boundingBox();
    if (!firstBox) throw new Error('no first row');
    await dragHandle(page, handle(third), { x: firstBox.x + firstBox.width / 2, y: firstBox.y });
    await expect.poll(() => menuRows(page)).toEqual([`${third}@0`, `${first}@0`, `${second}@0`]);

    // … and drag the last one right, under the item above it.
    const secondBox = await handle(second).boundingBox();
    if (!secondBox) throw new Error('no second row');
    await dragHandle(page, handle(second), {
      x: secondBox.x + secondBox.width / 2 + 48,
      y: secondBox.y + secondBox.height / 2,
    });
    await expect.poll(() => menuRows(page)).toEqual([`${third}@0`, `${first}@0`, `${second}@1`]);

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/menu/create') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'SAVE' }).click();
    const menuId = ((await (await created).json()) as { data: { _id: string } }).data._id;
    await expect(notice(page, 'Menu Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/menu$/);

    // A fresh read keeps the order and the nesting.
    await page.goto(`/menu/${menuId}`);
    await expect(page.getByRole('heading', { name: 'Edit Menu' })).toBeVisible();
    await expect.poll(() => menuRows(page)).toEqual([`${third}@0`, `${first}@0`, `${second}@1`]);
    await page.reload();
    await expect.poll(() => menuRows(page)).toEqual([`${third}@0`, `${first}@0`, `${second}@1`]);
    await expect(page.getByRole('combobox', { name: 'Menu' })).toHaveValue('Top Menu');

    // Keyboard: pick up the first row, move it down past the next one, drop it. The row after that one is a
    // child, so it lands nested there too. Each step waits for what screen readers are told.
    const said = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
    await pickUpWithKeyboard(page, handle(third));
    await page.keyboard.press('ArrowDown');
    await said(`${third} was moved to position 2 of 3, under ${first}.`);
    await page.keyboard.press('Space');
    await expect.poll(() => menuRows(page)).toEqual([`${first}@0`, `${third}@1`, `${second}@1`]);
    // … then down again and Left: out a level, to the top level after the branch.
    await pickUpWithKeyboard(page, handle(third), 'Enter');
    await page.keyboard.press('ArrowDown');
    await said(`${third} was moved to position 3 of 3, under ${first}.`);
    await page.keyboard.press('ArrowLeft');
    await said(`${third} was moved to position 3 of 3, at the top level.`);
    await page.keyboard.press('Enter');
    await expect.poll(() => menuRows(page)).toEqual([`${first}@0`, `${second}@1`, `${third}@0`]);

    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect(notice(page, 'Menu Updated Successfully').last()).toBeVisible();
    await expect(page).toHaveURL(/\/menu$/);
    await page.goto(`/menu/${menuId}`);
    await expect.poll(() => menuRows(page)).toEqual([`${first}@0`, `${second}@1`, `${third}@0`]);

    // Unticking a category takes it out of the menu.
    await page.getByRole('checkbox', { name: third }).uncheck();
    await expect.poll(() => menuRows(page)).toEqual([`${first}@0`, `${second}@1`]);
  });

  test('a new menu is activated from the list', async ({ page }) => {
    await signIn(page);
    await page.goto('/create');
    await page.getByRole('combobox', { name: 'Menu' }).click();
    await page.getByRole('option', { name: 'Footer Menu' }).click();
    await page.getByLabel('Title').fill('Home');
    await page.getByLabel('URL').fill('/');
    await page.getByRole('button', { name: 'Add link' }).click();
    const created = page.waitForResponse((response) => response.url().endsWith('/api/menu/create'));
    await page.getByRole('button', { name: 'SAVE' }).click();
    const menuId = ((await (await created).json()) as { data: { _id: string } }).data._id;
    await expect(page).toHaveURL(/\/menu$/);

    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/menu/${menuId}"]`) });
    await expect(row.getByText('IN-ACTIVE')).toBeVisible();
    await row.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog', { name: 'Activate menu' }).getByRole('button', { name: 'Activate' }).click();
    await expect(notice(page, 'Menu Status Updated Successfully')).toBeVisible();
    await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'De-Activate' })).toBeVisible();
  });

  test('breaking news: add one, then the Inactive / Active toggle', async ({ page }) => {
    const headline = unique('E2E Flood alert in the valley');
    const add = await addModalSavedEmpty(page, '/breraking-news', 'Add Breaking news', 'Headline is required');
    await add.getByRole('textbox', { name: 'Headline' }).fill(headline);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Breaking News Added Successfully')).toBeVisible();
    await expect(add).toBeHidden();

    const row = rowOf(page, headline);
    await expect(row.getByText('Enable', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Inactive' }).click();
    await expect(notice(page, 'Breaking News updated Successfully')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Active', exact: true })).toBeVisible();
    await expect(row.getByText('Disable', { exact: true })).toBeVisible();

    // Edit opens the modal titled (sic) Edit Category.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByRole('textbox', { name: 'URL' }).fill('/weather/flood');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, 'Breaking news Updated Successfully')).toBeVisible();
    await expect(row.getByText('/weather/flood')).toBeVisible();
  });
});
