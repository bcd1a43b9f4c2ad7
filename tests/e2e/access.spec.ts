import { expect } from '@playwright/test';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import { ADMIN, ADMIN_NAME, rowOf, signIn, signOut, test, textbox, unique } from './support';

const PASSWORD = 'E2e-Staff-Password-1';

test.describe('users, roles and access', () => {
  test('a role decides what a new user sees: sidebar, screens and the denial text', async ({ page }) => {
    test.slow();
    const roleName = unique('E2E Desk');
    const email = `${unique('desk')}@example.com`.toLowerCase();
    const name = 'Dana Desk';

    await signIn(page);

    // Create a role: Read on Categories, Read and Write on Article.
    await page.goto('/role');
    await page.getByRole('link', { name: 'Add Role' }).click();
    await expect(page).toHaveURL(/\/role\/create$/);
    await textbox(page, 'Name').fill(roleName);
    await textbox(page, 'Description').fill('Reads categories, reads and writes articles');
    await page.getByRole('checkbox', { name: 'Categories: Read' }).check();
    await page.getByRole('checkbox', { name: 'Article: Read' }).check();
    await page.getByRole('checkbox', { name: 'Article: Write' }).check();
    await expect(page.getByRole('checkbox', { name: 'Article: all' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role Added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/role$/);
    await expect(rowOf(page, roleName)).toBeVisible();

    // Create a user holding that role.
    await page.goto('/user');
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/user\/create$/);
    await textbox(page, 'Email').fill(email);
    await textbox(page, 'Name').fill(name);
    await textbox(page, 'Phone').fill('+91 98765 43210');
    await page.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await textbox(page, 'Password').fill(PASSWORD);
    await textbox(page, 'Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User Added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);
    const row = rowOf(page, email);
    await expect(row).toContainText(name);
    await expect(row).toContainText(roleName);
    await expect(row).toContainText('Active');

    await signOut(page, ADMIN_NAME);
    await signIn(page, { email, password: PASSWORD });
    await expect(page.getByRole('heading', { name: `Welcome back, ${name}` })).toBeVisible();

    // Only what the role allows (plus the dashboard).
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Manage Categories' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Blog Management' })).toBeVisible();
    // Site Management is open to all but changes nothing without Read or Edit on it: not offered.
    await expect(sidebar.getByRole('link', { name: 'Site Management' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Access Management' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Advertising' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Appearance' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Breaking News' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'E-paper' })).toHaveCount(0);

    await sidebar.getByRole('button', { name: 'Blog Management' }).click();
    await expect(sidebar.getByRole('link', { name: 'Manage Blog' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Add Video' })).toBeVisible();

    // An allowed screen opens.
    await sidebar.getByRole('link', { name: 'Manage Categories' }).click();
    await expect(page).toHaveURL(/\/shop\/catagory$/);
    await expect(page.getByRole('heading', { name: 'Manage Category' })).toBeVisible();
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE)).toHaveCount(0);

    // A screen the role does not allow shows the exact denial text.
    await page.goto('/user');
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE, { exact: true })).toBeVisible();
    await page.goto('/role');
    await expect(page.getByText(PERMISSION_DENIED_MESSAGE, { exact: true })).toBeVisible();
  });

  test('the create-user form explains what is wrong', async ({ page }) => {
    await signIn(page);
    await page.goto('/user/create');

    // Nothing shows before a field is touched or a submit is attempted.
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Phone Number is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Please retype your password.')).toBeVisible();

    await textbox(page, 'Email').fill('not-an-email');
    await expect(page.getByText('Email is not valid')).toBeVisible();

    await textbox(page, 'Password').fill(PASSWORD);
    await textbox(page, 'Confirm Password').fill(`${PASSWORD}-x`);
    await expect(page.getByText('Your passwords do not match.')).toBeVisible();
    await textbox(page, 'Confirm Password').fill(PASSWORD);
    await expect(page.getByText('Your passwords do not match.')).toHaveCount(0);
    // Editing the password again re-checks the match.
    await textbox(page, 'Password').fill(`${PASSWORD}-y`);
    await expect(page.getByText('Your passwords do not match.')).toBeVisible();
  });

  test('a duplicate email shows the reason above the form', async ({ page }) => {
    await signIn(page);
    await page.goto('/user/create');
    await textbox(page, 'Email').fill(ADMIN.email);
    await textbox(page, 'Name').fill('Someone Else');
    await textbox(page, 'Phone').fill('+91 98765 43210');
    await textbox(page, 'Password').fill(PASSWORD);
    await textbox(page, 'Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create User' }).click();

    const form = page.getByRole('form', { name: 'Create User' });
    await expect(form.getByRole('alert')).toHaveText('Email already exists');
    await expect(page).toHaveURL(/\/user\/create$/);
    // What was typed stays.
    await expect(textbox(page, 'Name')).toHaveValue('Someone Else');
  });

  test('an admin blocks a user from the list after confirming, and can unblock them', async ({
    page,
    request,
    admin,
  }) => {
    const email = `${unique('blockme')}@example.com`.toLowerCase();
    await admin.user({ email, name: 'Bo Blocked', password: PASSWORD });

    await signIn(page);
    await page.goto('/user');
    const row = rowOf(page, email);
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block user' });
    await expect(dialog).toContainText('Bo Blocked');
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: 'Block user' }).getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText('User Blocked Successfully')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(row).toContainText('Blocked');

    // A blocked user cannot sign in.
    const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(login.ok()).toBe(false);

    await row.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('dialog', { name: 'Unblock user' }).getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByText('User Unblocked Successfully')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Block' })).toBeVisible();
    await expect(row).toContainText('Active');
  });

  test('a user updates their profile and changes their password without being signed out', async ({ page, admin }) => {
    const email = `${unique('self')}@example.com`.toLowerCase();
    await admin.user({ email, name: 'Sam Self', password: PASSWORD });
    await signIn(page, { email, password: PASSWORD });

    await page.goto('/profile');
    await expect(textbox(page, 'Email')).toBeDisabled();
    await expect(textbox(page, 'Email')).toHaveValue(email);
    await textbox(page, 'Name').fill('Sam Selfridge');
    await textbox(page, 'City').fill('Pune');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated Successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Sam Selfridge' })).toBeVisible();
    await page.reload();
    await expect(textbox(page, 'City')).toHaveValue('Pune');

    const newPassword = `${PASSWORD}-new`;
    await page.goto('/change-password');
    await textbox(page, 'Current password').fill(PASSWORD);
    await textbox(page, 'Password').fill(newPassword);
    await textbox(page, 'Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password Updated Successfully')).toBeVisible();
    await expect(textbox(page, 'Current password')).toHaveValue('');
    await expect(textbox(page, 'Password')).toHaveValue('');
    await expect(textbox(page, 'Confirm Password')).toHaveValue('');

    // This tab keeps working with the token the change returned.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam Selfridge' })).toBeVisible();

    await signOut(page, 'Sam Selfridge');
    await signIn(page, { email, password: newPassword });
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam Selfridge' })).toBeVisible();
  });
});
