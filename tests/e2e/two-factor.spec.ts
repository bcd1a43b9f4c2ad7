/**
 * Staff accounts that are hard to steal and easy to end: two-factor sign-in set up from the Profile and used at
 * sign-in, a role that requires it, ending another browser's session, and the silent renewal of short tokens.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { StaffApi } from './api';
import { ADMIN, ADMIN_NAME, notice, SLOW_STEP_TIMEOUT, signIn, signOut, test, unique } from './support';

const PASSWORD = 'E2e-Two-Factor-Password-1';
const STEP_MS = 30_000;

/** The code an authenticator app shows now for `secret` (base32, as the set-up screen shows it, spaces and all). */
const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();

/** The 30-second step a code is for: the server takes each step's code once. */
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/** A new user with no roles (or the given ones), signed in nowhere yet. */
async function newUser(admin: StaffApi, name: string, roles: string[] = []) {
  const email = `${unique('twofa')}@example.com`.toLowerCase();
  const { _id } = await admin.user({ email, name, password: PASSWORD, roles });
  return { _id, email, name, password: PASSWORD };
}

/** A new user with no roles, signed in on `page`. */
async function newUserSignedIn(page: Page, admin: StaffApi, name: string) {
  const user = await newUser(admin, name);
  await signIn(page, user);
  return user;
}

/**
 * On the set-up screen or dialog: reads the key, confirms with a code and the password; returns the secret, the
 * step and the codes.
 */
async function enrol(page: Page, password = PASSWORD): Promise<{ secret: string; step: number; codes: string[] }> {
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByLabel('Set-up key').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const step = stepNow();
  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  // Ten recovery codes, each hashed with bcrypt before the list shows.
  await expect(list.getByRole('listitem')).toHaveCount(10, { timeout: SLOW_STEP_TIMEOUT });
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(new Set(codes).size).toBe(10);
  return { secret, step, codes };
}

/** The password step of sign-in, then waits for the code step. */
async function passwordStep(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
}

async function newSignedInPage(browser: Browser, who: { email: string; password: string; name: string }) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  await signIn(page, who);
  await expect(page.getByRole('heading', { name: `Welcome back, ${who.name}` })).toBeVisible();
  return { context, page };
}

test.describe('two-factor sign-in and sessions', () => {
  test('a user sets up two-factor sign-in on the Profile, then signs in with a recovery code and with the app', async ({
    page,
    admin,
  }) => {
    test.slow();
    const user = await newUserSignedIn(page, admin, 'Tara Twofactor');

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await expect(dialog).toBeVisible();

    // A wrong code is refused with the reason, and the dialog stays on the code.
    await dialog.getByLabel('6-digit code').fill('12345');
    await dialog.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(dialog.getByText('Enter the 6 digits your app shows')).toBeVisible();

    const { secret, step, codes } = await enrol(page);
    await expect(dialog.getByRole('button', { name: 'Download .txt' })).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download .txt' }).click();
    expect((await download).suggestedFilename()).toBe('admin-portal-recovery-codes.txt');
    await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      notice(page, 'Two-factor sign-in is on. Next time you sign in, have your phone at hand.'),
    ).toBeVisible();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByText('10 of 10 recovery codes left')).toBeVisible();

    await signOut(page, user.name);

    // The password alone no longer signs in: a wrong code is refused, Back returns to the password step.
    await passwordStep(page, user);
    await page.getByLabel('Authentication code').fill('12345');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Enter the 6 digits your app shows')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);

    // A recovery code signs in once.
    await passwordStep(page, user);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.name}` })).toBeVisible({
      timeout: SLOW_STEP_TIMEOUT,
    });
    await page.goto('/profile');
    await expect(card.getByText('9 of 10 recovery codes left')).toBeVisible();
    await signOut(page, user.name);

    await passwordStep(page, user);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not valid', { timeout: SLOW_STEP_TIMEOUT });

    // The app's code: the one used to set up was spent, so this takes the next 30-second step's.
    await page.getByRole('button', { name: 'Use the authenticator app instead' }).click();
    await expect.poll(stepNow, { timeout: STEP_MS + 5_000, intervals: [500] }).toBeGreaterThan(step);
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.name}` })).toBeVisible({
      timeout: SLOW_STEP_TIMEOUT,
    });
  });

  test('a role that requires two-factor sign-in sends its holders to set it up before anything else', async ({
    page,
    admin,
  }) => {
    test.slow();
    const roleName = unique('E2E Secure desk');
    const role = await admin.role({
      name: roleName,
      description: 'Reads categories',
      modelPermissions: { Category: ['Read'] },
    });
    const user = await newUser(admin, 'Sunil Secure', [role._id]);

    // The admin turns the requirement on in the role form.
    await signIn(page, ADMIN);
    await page.goto(`/role/edit/${role._id}`);
    const requirement = page.getByRole('switch', { name: 'Requires two-factor sign-in' });
    await expect(requirement).not.toBeChecked();
    await requirement.click({ force: true });
    await expect(requirement).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Role Updated Successfully')).toBeVisible();
    const stored = await admin.get<{ requiresTwoFactor?: boolean }>(`/api/role/${role._id}`);
    expect(stored.requiresTwoFactor).toBe(true);
    await signOut(page, ADMIN_NAME);

    // The holder signs in with the password and meets only the set-up screen.
    await signIn(page, user, { expectWelcome: false });
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible({
      timeout: SLOW_STEP_TIMEOUT,
    });
    await expect(page.getByText('Your role requires it.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.goto('/shop/catagory');
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();

    await page.getByRole('button', { name: 'Set up now' }).click();
    await enrol(page);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    // The screen asked for opens.
    await expect(page.getByRole('heading', { name: 'Manage Category' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // The role keeps it on: Turn off is unavailable, and says why.
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('Required by your role')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Turn off' })).toHaveAttribute('aria-disabled', 'true');
    await expect(card.getByText('Your role requires two-factor sign-in, so it cannot be turned off.')).toBeVisible();
  });

  test('signing out another browser from the Profile ends its session at its next step', async ({
    page,
    browser,
    admin,
  }) => {
    test.slow();
    const user = await newUserSignedIn(page, admin, 'Mira Multidevice');
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.name}` })).toBeVisible();

    const other = await newSignedInPage(browser, user);
    try {
      const b = other.page;
      await b.goto('/profile');
      const sessions = b.getByRole('list', { name: 'Sessions' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByText('This device')).toHaveCount(1);
      await sessions.getByRole('button', { name: /^Sign out / }).click();
      await expect(b.getByText(/ is signed out$/)).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);

      // The first browser is sent to sign in at its next call.
      await page.getByRole('button', { name: `Account menu for ${user.name}` }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

      // Signed in again, it goes where it was going; then "Sign out everywhere else" ends it, after confirming.
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
      await b.reload();
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await b.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const confirm = b.getByRole('dialog', { name: 'Sign out everywhere else' });
      await confirm.getByRole('button', { name: 'Sign out others' }).click();
      await expect(notice(b, 'Signed out of 1 other session')).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);

      // The browser that did it is still signed in.
      await b.reload();
      await expect(b.getByRole('heading', { name: 'Profile' })).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test('an admin ends all sessions of a user and resets their second factor from Edit User', async ({
    page,
    browser,
    request,
    admin,
  }) => {
    test.slow();
    const user = await newUser(admin, 'Lakshmi Lostphone');
    const theirs = await newSignedInPage(browser, user);
    try {
      // Two-factor sign-in turned on for them (through the API, as their app would confirm it).
      const theirApi = await StaffApi.signIn(request, user);
      const setup = await theirApi.post<{ secret: string }>('/api/auth/two-factor/setup');
      await theirApi.post('/api/auth/two-factor/enable', { code: totp(setup.secret), password: user.password });

      await signIn(page, ADMIN);
      await page.goto(`/user/edit/${user._id}`);
      const security = page.getByRole('region', { name: 'Sign-in and security' });
      await security.getByRole('button', { name: 'End all sessions' }).click();
      const confirmEnd = page.getByRole('dialog', { name: 'End all sessions' });
      await expect(confirmEnd).toContainText(user.name);
      await confirmEnd.getByRole('button', { name: 'End all sessions' }).click();
      await expect(page.getByText(new RegExp(`^${user.name} is signed out of \\d+ sessions?$`))).toBeVisible();

      // Their browser goes to the sign-in page at its next step.
      await theirs.page.reload();
      await expect(theirs.page).toHaveURL(/\/login$/);

      await security.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      await page
        .getByRole('dialog', { name: 'Reset two-factor sign-in' })
        .getByRole('button', { name: 'Reset' })
        .click();
      await expect(notice(page, `Two-factor sign-in of ${user.name} is reset`)).toBeVisible();

      // The password alone signs them in again.
      await signIn(theirs.page, user);
    } finally {
      await theirs.context.close();
    }
  });

  test('a token that is refused or about to expire is renewed without signing out', async ({ page, admin }) => {
    await newUserSignedIn(page, admin, 'Rhea Renewal');
    await page.goto('/profile');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    const readToken = () => page.evaluate(() => window.localStorage.getItem('token'));
    expect(await readToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A token the server refuses (401): renewed through the refresh cookie, and the call made again.
    await page.evaluate(() => window.localStorage.setItem('token', 'not-a-token'));
    let renewed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.ok());
    await page.reload();
    await renewed;
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    expect(await readToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A token that says it expires within the minute is renewed before the call is made: no 401 at all.
    await page.evaluate(() => {
      const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const exp = Math.floor(Date.now() / 1000) + 20;
      window.localStorage.setItem('token', `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp })}.c2lnbmF0dXJl`);
    });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    renewed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.ok());
    await page.reload();
    await renewed;
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    await expect(page).toHaveURL(/\/profile$/);
    expect(refused).toEqual([]);
  });
});
