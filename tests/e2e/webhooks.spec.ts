/**
 * Webhooks in Site Management: a hook is added with an address and its events, its signing secret shown once with
 * Copy, then listed by the secret's start only; the form refuses an http:// address as the API does; someone
 * without Edit on Site Management does not see the webhooks at all.
 */
import { expect } from '@playwright/test';
import { notice, signIn, test, unique } from './support';

test('a webhook is added, its secret shown once, listed, switched off and on, and removed', async ({ page }) => {
  await signIn(page);
  await page.goto('/site-management');
  const card = page.getByRole('region', { name: 'Webhooks' });
  await card.getByRole('button', { name: 'New webhook' }).click();

  const dialog = page.getByRole('dialog', { name: 'New webhook' });
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText('Webhook name is required')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();

  const name = `Reader site ${unique('hook')}`;
  await dialog.getByLabel('Webhook name').fill(name);
  await dialog.getByLabel('Address').fill('http://reader.example.com/hooks');
  await dialog.getByLabel('Article published').check();
  await dialog.getByLabel('Menu changed').check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText('The address must start with https://')).toBeVisible();
  await dialog.getByLabel('Address').fill('https://reader.example.com/hooks');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();

  const shown = dialog.getByLabel(`The signing secret of ${name}`);
  await expect(shown).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const secret = (await shown.textContent()) ?? '';
  await expect(dialog.getByText('it is not shown again')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = card.getByRole('listitem', { name });
  await expect(row).toContainText('Enabled');
  await expect(row).toContainText('https://reader.example.com/hooks');
  await expect(row).toContainText('Article published · Menu changed');
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Nothing delivered yet');
  // The whole secret is nowhere on the page once the dialog is closed.
  await expect(page.getByText(secret.slice(-20))).toHaveCount(0);

  await row.getByRole('button', { name: `Deliveries of ${name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Deliveries of ${name}` });
  await expect(drawer.getByText('No deliveries yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await row.getByRole('button', { name: `Switch off ${name}` }).click();
  await expect(notice(page, `${name} is switched off`)).toBeVisible();
  await expect(row).toContainText('Switched off');
  await expect(row).toContainText('Switched off by');
  await row.getByRole('button', { name: `Switch on ${name}` }).click();
  await expect(row).toContainText('Enabled');

  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog', { name: 'Remove webhook' }).getByRole('button', { name: 'Remove' }).click();
  await expect(notice(page, `${name} is removed`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('without Edit on Site Management the webhooks are not shown', async ({ page, admin }) => {
  const role = await admin.role({
    name: unique('Site reader'),
    description: 'Reads the site settings',
    modelPermissions: { Site: ['Read'] },
  });
  const email = `${unique('hookreader')}@example.com`.toLowerCase();
  const password = 'E2e-Site-Reader-Password-1';
  await admin.user({ email, name: 'Site Reader', password, roles: [role._id] });
  await signIn(page, { email, password });
  await page.goto('/site-management');
  await expect(page.getByText('Changing the site settings needs Edit on Site Management')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Webhooks' })).toHaveCount(0);
});
