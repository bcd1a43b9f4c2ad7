/**
 * Content API keys in Site Management: a key is named, shown once with Copy, listed by its first characters
 * only, and revoked after a confirmation; someone without Edit on Site Management does not see the keys at all.
 */
import { expect } from '@playwright/test';
import { notice, signIn, test, unique } from './support';

test('a key is shown once, listed by its start, and revoked', async ({ page }) => {
  await signIn(page);
  await page.goto('/site-management');
  const card = page.getByRole('region', { name: 'Content API keys' });
  await card.getByRole('button', { name: 'New key' }).click();

  const dialog = page.getByRole('dialog', { name: 'New content API key' });
  await dialog.getByRole('button', { name: 'Make key' }).click();
  await expect(dialog.getByText('Key name is required')).toBeVisible();
  const name = `Reader site ${unique('key')}`;
  await dialog.getByLabel('Key name').fill(name);
  await dialog.getByRole('button', { name: 'Make key' }).click();

  const shown = dialog.getByLabel(`The key ${name}`);
  await expect(shown).toHaveText(/^apk_[0-9A-Z]{26}_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  await expect(dialog.getByText('it is not shown again')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = card.getByRole('listitem', { name });
  await expect(row).toContainText('Live');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText(`${key.slice(0, 35)}…`);
  // The whole key is nowhere on the page once the dialog is closed.
  await expect(page.getByText(key.slice(-43))).toHaveCount(0);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke key' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(notice(page, `${name} is revoked: the site using it can no longer read through it`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
});

test('without Edit on Site Management the keys are not shown', async ({ page, admin }) => {
  const role = await admin.role({
    name: unique('Site reader'),
    description: 'Reads the site settings',
    modelPermissions: { Site: ['Read'] },
  });
  const email = `${unique('sitereader')}@example.com`.toLowerCase();
  const password = 'E2e-Site-Reader-Password-1';
  await admin.user({ email, name: 'Site Reader', password, roles: [role._id] });
  await signIn(page, { email, password });
  await page.goto('/site-management');
  await expect(page.getByText('Changing the site settings needs Edit on Site Management')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Content API keys' })).toHaveCount(0);
});
