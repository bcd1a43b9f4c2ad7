/**
 * Category names unique among siblings, on the Manage Category screen (CONTRACT.md §2, §5): siblings that shared a
 * name before the rule (planted straight into the table, as saves wrote them then) are listed under 'Duplicate
 * names'; the newer one's save is refused with the reason on its Name field until it is renamed, and then the list is
 * clear of them.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from '@playwright/test';
import { pointAtE2eStack } from './publisher';
import { runTag, signIn, test, textbox } from './support';

const RUN = runTag('cn');

test('siblings sharing a name are listed for an admin, and the newer one must be renamed', async ({ page, admin }) => {
  const older = await admin.category(`अर्थव्यवस्था Economy ${RUN}`);
  await pointAtE2eStack();
  const { categoryItem } = await import('../../functions/category/model');
  const { db, tableName } = await import('../../functions/lib/db/client');
  const { newId } = await import('../../functions/lib/ids');
  const now = new Date().toISOString();
  const twin = {
    _id: newId(),
    name: `अर्थव्यवस्था ECONOMY ${RUN}`,
    url: '',
    slug: `economy-twin-${RUN}`,
    description: '',
    parent: null,
    image: null,
    active: true,
    seo: { title: '', description: '', metaTags: [] },
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: categoryItem(twin) }));

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/shop/catagory');
  const notice = page.getByRole('alert', { name: 'Duplicate names' });
  await expect(notice).toContainText(older.name);
  await expect(notice).toContainText(twin.name);
  if (process.env.SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/category-duplicates-1440.png`, fullPage: true });
  }

  // Its save is refused while it shares the name; renamed, it saves and leaves the list.
  await page.getByRole('button', { name: `Edit ${twin.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await textbox(dialog, 'Description').fill('The older one keeps the name');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'A category with this name already exists under the same parent',
  );
  await expect(textbox(dialog, 'Name')).toHaveAttribute('aria-invalid', 'true');
  await textbox(dialog, 'Name').fill(`अर्थव्यवस्था Markets ${RUN}`);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Category Updated Successfully')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Duplicate names' }).filter({ hasText: RUN })).toHaveCount(0);
});
