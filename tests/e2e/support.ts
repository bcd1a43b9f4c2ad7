/**
 * What the e2e specs share: the seeded users and signing in, setting data up through the API, files to upload,
 * and the locators and pickers several screens have in common. Helpers only one spec needs stay in that spec.
 */
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// ---- The test, with the Content-Security-Policy watched ----

/** What a page reported through `securitypolicyviolation`: the app broke its own CSP, or something was injected. */
export interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/**
 * Playwright's test, in which every page of the test reports CSP violations to the runner; a test during which
 * any page reported one fails, naming it. `cspViolations` lets a test look at them itself.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => {
            const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
            report?.({
              url: document.location.href,
              directive: e.effectiveDirective || e.violatedDirective,
              blocked: e.blockedURI,
              source: `${e.sourceFile}:${e.lineNumber}`,
              sample: e.sample,
            });
          },
          true,
        );
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

// ---- Environment, users, names ----

/** A variable set by playwright.config.ts (the seeded users' credentials); fails loudly outside it. */
export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through tests/e2e/playwright.config.ts)`);
  return value;
}

export interface Credentials {
  email: string;
  password: string;
}

/** The seeded super admin; the app greets them as ADMIN_NAME. */
export const ADMIN: Credentials = { email: env('E2E_ADMIN_EMAIL'), password: env('E2E_ADMIN_PASSWORD') };
export const ADMIN_NAME = 'Ada Admin';
/** The seeded user without roles ('Lee Limited'). */
export const LIMITED: Credentials = { email: env('E2E_LIMITED_EMAIL'), password: env('E2E_LIMITED_PASSWORD') };

/** A tag for one spec's run (`prefix` and the time in base 36): its records carry it, and a search for it finds them. */
export const runTag = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

let counter = 0;
/** A name unique per run and per call ('E2E Desk-m9x2k1-3'), so reruns against the same data never collide. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

// ---- Signing in and out ----

/**
 * Signs in through the login form and waits for the dashboard's welcome. `expectWelcome: false` only submits the
 * form, for a sign-in that is meant to fail.
 */
export async function signIn(page: Page, who: Credentials = ADMIN, { expectWelcome = true } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (expectWelcome) await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
}

/** Signs out through the account menu of the user shown as `name`. */
export async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

// ---- The API, for setting data up ----

/** A bearer token from /api/auth/login, to set data up through the API as the web app would. */
export async function tokenFor(request: APIRequestContext, who: Credentials = ADMIN): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The Authorization header for `token`, for calls whose raw response a test inspects (a refusal, its text). */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Calls the API (`path` starts with /api/) as the holder of `token` and returns the reply's `data`. Fails the test,
 * with the reply in the message, unless the status is 2xx, or exactly `status` when one is given.
 */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
  { status }: { status?: number } = {},
): Promise<T> {
  const response = await request.fetch(path, { method, headers: bearer(token), data });
  const text = await response.text();
  const message = `${method} ${path}: ${response.status()} ${text}`;
  if (status === undefined) expect(response.ok(), message).toBe(true);
  else expect(response.status(), message).toBe(status);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

/** POSTs a new record (category, role, user, client, article, ad…) and returns it; the API must answer 201. */
export function create<T = { _id: string }>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  return api<T>(request, token, 'POST', path, data, { status: 201 });
}

/** The id of the user `token` belongs to. */
export async function currentUserId(request: APIRequestContext, token: string): Promise<string> {
  return (await api<{ _id: string }>(request, token, 'GET', '/api/user/me'))._id;
}

export interface Category {
  _id: string;
  name: string;
}

/** A new top-level category. */
export function createCategory(request: APIRequestContext, token: string, name: string): Promise<Category> {
  return create<Category>(request, token, '/api/category/create', { name });
}

/** The category named `name`, as the category list reads it, if there is one. */
export async function findCategory(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<Category | undefined> {
  return (await api<Category[]>(request, token, 'GET', '/api/category/list')).find((c) => c.name === name);
}

/** The category named `name`, created if it does not exist yet. */
export async function ensureCategory(request: APIRequestContext, token: string, name: string): Promise<Category> {
  return (await findCategory(request, token, name)) ?? createCategory(request, token, name);
}

/** A new role; `modelPermissions` maps a resource to its actions ({ Cms: ['Read', 'Edit:own'] }). */
export function createRole(
  request: APIRequestContext,
  token: string,
  role: { name: string; description: string; modelPermissions: Record<string, string[]> },
): Promise<{ _id: string }> {
  return create(request, token, '/api/role/create', role);
}

export interface NewUser extends Credentials {
  name: string;
  /** Role ids; none by default. */
  roles?: string[];
}

/** A new active user, with a phone number and the password typed twice as the form asks. */
export function createUser(request: APIRequestContext, token: string, user: NewUser): Promise<{ _id: string }> {
  const { email, name, password, roles = [] } = user;
  return create(request, token, '/api/user', {
    email,
    name,
    phone: '+91 98765 43210',
    roles,
    password,
    confirmPassword: password,
  });
}

/**
 * A contributor: a new role (named `roleName`) with Read, Write and Edit:own on Cms and Read on categories, and a
 * user holding it. Without Edit on Cms, their Publish sends an article for review.
 */
export async function createContributor(
  request: APIRequestContext,
  token: string,
  user: Omit<NewUser, 'roles'>,
  role: { name: string; description: string },
): Promise<{ _id: string }> {
  const { _id } = await createRole(request, token, {
    ...role,
    modelPermissions: { Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] },
  });
  return createUser(request, token, { ...user, roles: [_id] });
}

/**
 * What /api/cms/create takes for a valid Article (SPEC §5): a title, one category, an author and one paragraph.
 * `action` 'save' (the default) makes a Draft; `publishDate` is an hour ago unless given.
 */
export function articleData(
  title: string,
  categoryId: string,
  authorId: string,
  {
    action = 'save',
    publishDate,
    text = 'Hello',
  }: { action?: 'save' | 'publish'; publishDate?: string; text?: string } = {},
) {
  return {
    type: 'Article',
    action,
    title,
    categories: [categoryId],
    user: authorId,
    publishDate: publishDate ?? new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text } }] } }],
  };
}

/** Uploads a small PNG as an `ad-image` the way the browser's Uploader does (start, PUT, complete); returns its id. */
export async function uploadAdImage(request: APIRequestContext, token: string, name: string): Promise<string> {
  const bytes = png(32, 16, [200, 40, 40]);
  const started = await create<{ _id: string; upload: { url: string; headers: Record<string, string> } }>(
    request,
    token,
    '/api/asset/upload',
    { name, contentType: 'image/png', size: bytes.length, purpose: 'ad-image' },
  );
  const put = await request.put(started.upload.url, { headers: started.upload.headers, data: bytes });
  expect(put.ok(), `PUT ${name}`).toBe(true);
  await api(request, token, 'POST', `/api/asset/${started._id}/complete`, {});
  return started._id;
}

// ---- Files to upload ----

/** A real (decodable) PNG of width × height in one colour: signature, IHDR, IDAT, IEND with their CRCs. */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with these lines of real text (the API checks the `%PDF` bytes; its import extracts the text). */
export async function pdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 40, size: 12, font });
  });
  return Buffer.from(await doc.save());
}

// ---- Locators and pickers ----

/** A text field by its exact accessible name ('Title' is not 'SEO title'; a required field's asterisk is not in it). */
export const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A success or error popup (SPEC §8), by its exact text. */
export const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The table row holding `text`. */
export const rowOf = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

/** The editors' toolbar with Save, Publish, Preview… */
export const articleActions = (page: Page) => page.getByRole('toolbar', { name: 'Article actions' });

/** The Uploader of a field: a group named after its label, holding the file input with that label. */
export const uploader = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: label });

/** Uploads a PNG (64×48 unless `size` says otherwise) through the Uploader labelled `label` and waits for 'Uploaded.'. */
export async function uploadPng(
  scope: Page | Locator,
  label: string,
  name: string,
  colour: [number, number, number],
  [width, height]: [number, number] = [64, 48],
): Promise<void> {
  const field = uploader(scope, label);
  await field.getByLabel(label).setInputFiles({ name, mimeType: 'image/png', buffer: png(width, height, colour) });
  await expect(field.getByText('Uploaded.')).toBeVisible();
}

/** Types `name` into the Categories select (of the form, or of `within`, e.g. a filter panel), picks it and closes. */
export async function pickCategory(page: Page, name: string, within: Page | Locator = page): Promise<void> {
  await within.getByRole('combobox', { name: 'Categories' }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** How a calendar names a day's button: '15 November 2026'. */
export const dayLabel = (day: Date) =>
  day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** How the app's lists show a day: DD/MM/YYYY. */
export const ddmmyyyy = (day: Date) =>
  `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;

/** Day `day` of next month, at midnight. */
export function dayOfNextMonth(day: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, day);
}

const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Date(2000, m, 1).toLocaleDateString('en-GB', { month: 'long' }),
);
/** 'November 2026' as a count of months, to tell how far apart two calendar months are. */
const monthNumber = (label: string) => {
  const [month = '', year = ''] = label.trim().split(' ');
  return Number(year) * 12 + MONTHS.indexOf(month);
};

/**
 * In the date-time field `field`: opens the picker, turns the calendar to `day`'s month (it opens at the field's
 * month, or this month when empty), picks the day and presses the apply button, keeping the picker's time. Waits
 * for the dropdown to close, so the next picker's days are not confused with this one's.
 */
export async function pickDateTime(
  page: Page,
  field: string,
  day: Date,
  { apply = 'Apply date and time' }: { apply?: string } = {},
): Promise<void> {
  const applyButton = page.getByRole('button', { name: apply });
  await page.getByRole('button', { name: field, exact: true }).click();
  await expect(applyButton).toBeVisible();
  const month = page.getByRole('button', { name: 'Choose a month' });
  const wanted = day.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  const steps = monthNumber(wanted) - monthNumber((await month.textContent()) ?? '');
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.getByRole('button', { name: steps > 0 ? 'Next month' : 'Previous month' }).click();
  }
  await expect(month).toHaveText(wanted);
  await page.getByRole('button', { name: dayLabel(day), exact: true }).click();
  await applyButton.click();
  await expect(applyButton).toHaveCount(0);
}
