/** POST /user/bulkUpload/ against the real local stack: files as a browser sends them, users who can sign in. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleRecord } from '../../functions/role/model';
import { getUserByEmail } from '../../functions/user/model';
import { BULK_UPLOAD } from '../../shared/constants';
import type { ModelPermissions } from '../../shared/permissions';
import { csvText, docxFile, docxTable, PNG_1PX, xlsxFile } from '../fixtures/user-import-files';
import { createRole, createUser } from './factories';
import { type ApiResult, admin, apiUrl, call, errorText, login } from './helpers';

interface Report {
  created: number;
  failed: number;
  rows: { row: number; email: string; status: 'created' | 'failed'; reason?: string }[];
}

/** Uploads a file the way the Manage User screen does: FormData with the file in the field `file`. */
async function upload(token: string | undefined, filename: string, data: Buffer | string): Promise<ApiResult<Report>> {
  const form = new FormData();
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = await fetch(`${apiUrl}/user/bulkUpload/`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

/** A report row: the user created, or not and why. */
const created = (row: number, email: string) => ({ row, email, status: 'created' as const });
const failed = (row: number, email: string, reason: unknown) => ({ row, email, status: 'failed' as const, reason });

/** The upload answered 200 with exactly this report. */
function expectReport(res: ApiResult<Report>, counts: { created: number; failed: number }, rows: unknown[]): void {
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ ...counts, rows });
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const makeRole = (name: string, modelPermissions: ModelPermissions, status: RoleRecord['status'] = 'Enable') =>
  createRole(modelPermissions, { name, description: 'made by the bulk upload test', status });

/** Signs in as a newly created user and reads who the API says they are. */
async function me(email: string, password: string) {
  const token = await login(email, password);
  const res = await call<{ email: string; name: string; phone: string; roles: { name: string }[] }>('GET', '/user/me', {
    token,
  });
  return res.body.data;
}

const HEADER = ['Name', 'Email', 'Phone', 'Roles', 'Password'];
const PASSWORD = 'Bulk-Pass-1';

let root: string;
let t: string;
let editor: RoleRecord;
let writer: RoleRecord;
let retired: RoleRecord;

beforeAll(async () => {
  root = await login(admin.email, admin.password);
  t = tag();
  editor = await makeRole(`Editor ${t}`, { Cms: ['Read', 'Write', 'Edit'] });
  writer = await makeRole(`Writer ${t}`, { Cms: ['Read', 'Write'] });
  retired = await makeRole(`Retired ${t}`, { Cms: ['Read'] }, 'Disable');
});

describe('bulk upload of users', () => {
  it('creates the good rows of a csv and reports every bad one with a readable reason', async () => {
    const e = (name: string) => `${name}-${t}@example.com`;
    const file = `\uFEFF${csvText([
      HEADER,
      ['Doe, Ann', e('ann'), '+91 98765 43210', `${editor.name.toLowerCase()}; ${writer.name}`, PASSWORD],
      ['Ann Again', e('ann').toUpperCase(), '555', '', PASSWORD],
      [],
      ['Bad Email', 'not-an-email', '555', '', PASSWORD],
      ['Ghost', e('ghost'), '555', `Ghost ${t}`, PASSWORD],
      ['', e('noname'), '555', '', PASSWORD],
      ['No Password', e('nopass'), '555', '', ''],
      ['Retired', e('retired'), '555', retired.name, PASSWORD],
      ['Existing', admin.email, '555', '', PASSWORD],
      ['Bob', e('bob'), '555', '', PASSWORD],
    ])}`;
    const res = await upload(root, 'users.csv', file);
    expectReport(res, { created: 2, failed: 7 }, [
      created(1, e('ann')),
      failed(2, e('ann').toUpperCase(), 'Email already exists'),
      failed(3, 'not-an-email', 'Email is not valid'),
      failed(4, e('ghost'), `Unknown role: Ghost ${t}`),
      failed(5, e('noname'), 'Name is required'),
      failed(6, e('nopass'), 'Password is required'),
      failed(7, e('retired'), `Unknown role: ${retired.name}`),
      failed(8, admin.email, 'Email already exists'),
      created(9, e('bob')),
    ]);

    const ann = await me(e('ann'), PASSWORD);
    expect(ann).toMatchObject({ name: 'Doe, Ann', phone: '+91 98765 43210' });
    expect(ann?.roles.map((r) => r.name).sort()).toEqual([editor.name, writer.name].sort());
    expect((await me(e('bob'), PASSWORD))?.roles).toEqual([]);
    for (const email of ['ghost', 'noname', 'nopass', 'retired'].map(e))
      expect(await getUserByEmail(email)).toBeUndefined();
  });

  it('creates users from an xlsx (and the .xlxs spelling), reading cells as Excel shows them', async () => {
    const e = (name: string) => `${name}-x${t}@example.com`;
    const file = await xlsxFile([
      [' NAME ', 'email', 'PHONE', 'role', 'Password'],
      ['Cara', { text: e('cara'), hyperlink: `mailto:${e('cara')}` }, 5550101, editor.name, PASSWORD],
      ['Cara Twin', e('cara'), 5550102, '', PASSWORD],
      ['Bad Email', 'cara@', 5550103, '', PASSWORD],
      ['Nobody', e('nobody'), 5550104, 'Nobody Role', PASSWORD],
      ['No Phone', e('nophone'), '', '', PASSWORD],
    ]);
    const res = await upload(root, 'users.xlsx', file);
    expectReport(res, { created: 1, failed: 4 }, [
      created(1, e('cara')),
      failed(2, e('cara'), 'Email already exists'),
      failed(3, 'cara@', 'Email is not valid'),
      failed(4, e('nobody'), 'Unknown role: Nobody Role'),
      failed(5, e('nophone'), 'Phone Number is required'),
    ]);
    expect(await me(e('cara'), PASSWORD)).toMatchObject({ phone: '5550101', roles: [{ name: editor.name }] });

    const spelt = await upload(root, 'users.xlxs', await xlsxFile([HEADER, ['Dan', e('dan'), '555', '', PASSWORD]]));
    expect(spelt.body.data).toMatchObject({ created: 1, failed: 0 });
    expect(await me(e('dan'), PASSWORD)).toMatchObject({ name: 'Dan' });
  });

  it('creates users from the first table of a docx', async () => {
    const e = (name: string) => `${name}-d${t}@example.com`;
    const file = await docxFile(
      'New staff for March',
      docxTable([
        HEADER,
        ['Eve & Co', e('eve'), '555', `${editor.name}\n${writer.name}`, PASSWORD],
        ['Eve Again', e('eve'), '555', '', PASSWORD],
        ['Bad Email', 'eve at example.com', '555', '', PASSWORD],
        ['Phantom', e('phantom'), '555', `${writer.name}, Phantom`, PASSWORD],
        ['Short Password', e('short'), '555', '', 'short'],
      ]),
    );
    const res = await upload(root, 'users.docx', file);
    expectReport(res, { created: 1, failed: 4 }, [
      created(1, e('eve')),
      failed(2, e('eve'), 'Email already exists'),
      failed(3, 'eve at example.com', 'Email is not valid'),
      failed(4, e('phantom'), 'Unknown role: Phantom'),
      failed(5, e('short'), 'Password must be at least 8 characters'),
    ]);
    const eve = await me(e('eve'), PASSWORD);
    expect(eve?.name).toBe('Eve & Co');
    expect(eve?.roles.map((r) => r.name).sort()).toEqual([editor.name, writer.name].sort());
  });

  it('reports oversized cells readably, naming the field, and never echoes a whole cell back', async () => {
    const e = (name: string) => `${name}-o${t}@example.com`;
    const roles = Array.from({ length: 21 }, (_, i) => `Role ${i}`).join(', ');
    const hugeEmail = `${'x'.repeat(300_000)}@example.com`;
    const res = await upload(
      root,
      'users.csv',
      csvText([
        HEADER,
        ['N'.repeat(101), e('long'), '555', '', PASSWORD],
        ['Many Roles', e('roles'), '555', roles, PASSWORD],
        ['Huge', hugeEmail, '555', `${'R'.repeat(100_000)}`, PASSWORD],
        ['Long Password', e('pw'), '555', '', 'p'.repeat(73)],
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.rows).toEqual([
      failed(1, e('long'), 'Name: At most 100 characters'),
      failed(2, e('roles'), 'At most 20 roles'),
      failed(3, `${'x'.repeat(254)}…`, 'Email is not valid'),
      failed(4, e('pw'), 'Password must be at most 72 bytes'),
    ]);
  });

  it('lets an uploader without super admin rights give only roles whose permissions they hold', async () => {
    const e = (name: string) => `${name}-p${t}@example.com`;
    const userAdmin = await makeRole(`User Admin ${t}`, { User: ['Read', 'Write'] });
    const actor = await createUser({ roles: [userAdmin._id], password: 'Actor-Pass-1' });
    const token = await login(actor.email, 'Actor-Pass-1');
    const res = await upload(
      token,
      'users.csv',
      csvText([HEADER, ['Fay', e('fay'), '555', editor.name, PASSWORD], ['Gus', e('gus'), '555', '', PASSWORD]]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.rows).toEqual([
      failed(1, e('fay'), expect.stringMatching(/^You cannot grant \w+ on Article/)),
      created(2, e('gus')),
    ]);
    expect(await getUserByEmail(e('fay'))).toBeUndefined();
  });

  it(`refuses a file of more than ${BULK_UPLOAD.maxRows} users before creating any`, async () => {
    const e = (i: number) => `many${i}-${t}@example.com`;
    const rows = Array.from({ length: BULK_UPLOAD.maxRows + 1 }, (_, i) => [`U${i}`, e(i), '555', '', PASSWORD]);
    const res = await upload(root, 'users.csv', csvText([HEADER, ...rows]));
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe(
      `ValidationError: The file has ${BULK_UPLOAD.maxRows + 1} users; at most ${BULK_UPLOAD.maxRows} can be uploaded at once. Split it into smaller files`,
    );
    expect(await getUserByEmail(e(0))).toBeUndefined();
  });

  it('answers 413 for a file over 5 MB', async () => {
    const big = Buffer.alloc(BULK_UPLOAD.maxBytes + 1, 'a');
    const res = await upload(root, 'users.csv', big);
    expect(res.status).toBe(413);
    expect(errorText(res)).toBe('PayloadTooLarge: The file is larger than 5 MB');
  });

  it('refuses files that are not csv, xlsx or docx, by name or by content', async () => {
    const png = await upload(root, 'photo.png', PNG_1PX);
    expect(png.status).toBe(400);
    expect(errorText(png)).toBe('ValidationError: Upload a .csv, .xlsx or .docx file; "photo.png" is not one');
    const txt = await upload(root, 'users.txt', csvText([HEADER]));
    expect(errorText(txt)).toBe('ValidationError: Upload a .csv, .xlsx or .docx file; "users.txt" is not one');
    const renamed = await upload(root, 'users.xlsx', 'name,email,phone,roles,password\n');
    expect(renamed.status).toBe(400);
    expect(errorText(renamed)).toBe(
      'ValidationError: The file is not a valid .xlsx file; upload a .csv, .xlsx or .docx file',
    );
    const pngAsCsv = await upload(root, 'users.csv', PNG_1PX);
    expect(errorText(pngAsCsv)).toBe(
      'ValidationError: The file is not a valid .csv file; upload a .csv, .xlsx or .docx file',
    );
    const noTable = await upload(root, 'users.docx', await docxFile('name, email, phone, roles, password'));
    expect(errorText(noTable)).toMatch(/^ValidationError: The \.docx file has no table/);
  });

  it('refuses a request without a file', async () => {
    const json = await call('POST', '/user/bulkUpload/', { token: root, body: { file: 'users.csv' } });
    expect(json.status).toBe(400);
    expect(errorText(json)).toBe('ValidationError: Send the file as multipart/form-data in a field named "file"');
    const form = new FormData();
    form.append('other', new Blob(['x']), 'users.csv');
    const res = await fetch(`${apiUrl}/user/bulkUpload/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${root}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: { msg: string } }).message.msg).toBe(
      'ValidationError: Choose a file to upload in the field "file"',
    );
  });

  it('needs a signed-in user holding Write on User', async () => {
    const file = csvText([HEADER, ['Hal', `hal-${t}@example.com`, '555', '', PASSWORD]]);
    const anonymous = await upload(undefined, 'users.csv', file);
    expect(anonymous.status).toBe(401);

    const readOnly = await makeRole(`User Viewer ${t}`, { User: ['Read', 'Edit'] });
    const viewer = await createUser({ roles: [readOnly._id], password: 'Viewer-Pass-1' });
    const denied = await upload(await login(viewer.email, 'Viewer-Pass-1'), 'users.csv', file);
    expect(denied.status).toBe(403);
    expect(errorText(denied)).toBe(
      'Forbidden: You do not have permissions to perform this action, please contact admin to gain access',
    );
    expect(await getUserByEmail(`hal-${t}@example.com`)).toBeUndefined();
  });
});
