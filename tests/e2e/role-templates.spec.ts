/**
 * Ready-made roles on Create Role (CONTRACT.md §2): "Start from" fills the grid, the name and the description with
 * Editor, Reporter, Ad manager or Home-page curator, which the admin adjusts and saves as any role; an admin who is
 * not a super admin gets only what they hold themselves, told what was left out, and the save passes the API's
 * no-escalation rule.
 */
import { expect, type Page } from '@playwright/test';
import { runTag, signIn, test, textbox } from './support';

const RUN = runTag('rt');
const PASSWORD = 'Role-Templates-2026';
const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

async function startFrom(page: Page, template: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Start from' }).click();
  await page.getByRole('option', { name: template, exact: true }).click();
}

test.describe('ready-made roles', () => {
  test('a super admin starts from Reporter, adjusts it and saves it as a role of their own', async ({
    page,
    admin,
  }) => {
    await signIn(page);
    await page.goto('/role/create');
    await startFrom(page, 'Reporter');
    await expect(textbox(page, 'Name')).toHaveValue('Reporter');
    await expect(box(page, 'Article: Edit:own')).toBeChecked();
    await expect(box(page, 'Article: Edit')).not.toBeChecked();
    await expect(box(page, 'Article: Write')).toBeChecked();
    await expect(box(page, 'Advertisement: Read')).not.toBeChecked();
    // Adjusted: reporters here also read the e-paper.
    await box(page, 'Epaper: Read').check();
    await textbox(page, 'Name').fill(`संवाददाता ${RUN}`);
    if (process.env.SHOTS_DIR) {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/role-start-from-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role Added Successfully')).toBeVisible();
    const roles = await admin.get<{ list: { name: string; modelPermissions: Record<string, string[]> }[] }>(
      '/api/role?all=true',
    );
    const saved = roles.list.find((r) => r.name === `संवाददाता ${RUN}`);
    expect(saved?.modelPermissions.Epaper).toEqual(['Read']);
    expect(saved?.modelPermissions.Cms).toEqual(['Read', 'Write', 'EditOwn', 'Remove']);
  });

  test('an admin who is not a super admin copies only what they hold, and is told what was left out', async ({
    page,
    admin,
  }) => {
    const { _id: role } = await admin.role({
      name: `Desk lead ${RUN}`,
      description: 'Manages roles for the desk',
      modelPermissions: { Role: ['Read', 'Write'], Cms: ['Read', 'Write', 'Edit'], Category: ['Read'] },
    });
    const email = `${RUN}-lead@example.com`;
    await admin.user({ email, name: `Lead ${RUN}`, password: PASSWORD, roles: [role] });
    await signIn(page, { email, password: PASSWORD });
    await page.goto('/role/create');
    await startFrom(page, 'Editor');
    await expect(page.getByRole('alert').filter({ hasText: 'Left out' })).toContainText('Remove on Article');
    await expect(box(page, 'Article: Edit')).toBeChecked();
    await expect(box(page, 'Article: Remove')).not.toBeChecked();
    await expect(box(page, 'Epaper: Read')).not.toBeChecked();
    await textbox(page, 'Name').fill(`Editor ${RUN}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role Added Successfully')).toBeVisible();
  });
});
