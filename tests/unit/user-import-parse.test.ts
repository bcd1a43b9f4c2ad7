import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readUploadedFile } from '../../functions/user-import/multipart';
import { fileKindOf, parseUserFile, splitRoles } from '../../functions/user-import/parse';
import { BULK_UPLOAD } from '../../shared/constants';
import { csvText, docxFile, docxTable, multipartBody, PNG_1PX, xlsxFile } from '../fixtures/user-import-files';

const HEADER = ['name', 'email', 'phone', 'roles', 'password'];
const ACCEPTED = 'a .csv, .xlsx or .docx file';

const badRequest = (text: string | RegExp) => ({
  status: 400,
  kind: 'ValidationError',
  text: typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text),
});

/** A user row as parseUserFile returns it. */
const parsed = (row: number, name: string, email: string, phone: string, roles: string[], password: string) => ({
  row,
  name,
  email,
  phone,
  roles,
  password,
});

function userRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `User ${i + 1}`,
    `u${i + 1}@example.com`,
    '5550100',
    'Editor',
    'Secret-Pass-1',
  ]);
}

describe('file type', () => {
  it("goes by the extension, case-insensitively, and accepts the contract's spelling .xlxs", () => {
    expect(fileKindOf('users.CSV')).toBe('csv');
    expect(fileKindOf('users.xlsx')).toBe('xlsx');
    expect(fileKindOf('users.xlxs')).toBe('xlsx');
    expect(fileKindOf('Users.Docx')).toBe('docx');
    for (const name of ['users.txt', 'users.png', 'users', 'users.csv.exe', '.csv.', 'x.constructor', 'x.xls']) {
      expect(fileKindOf(name)).toBeUndefined();
    }
  });

  it('refuses other files with a 400 naming the accepted types', async () => {
    await expect(parseUserFile('photo.png', PNG_1PX)).rejects.toMatchObject(badRequest(ACCEPTED));
    await expect(parseUserFile('notes.txt', Buffer.from(csvText([HEADER])))).rejects.toMatchObject(
      badRequest(ACCEPTED),
    );
  });

  it('refuses a file whose content is not its type', async () => {
    const text = Buffer.from(csvText([HEADER, ...userRows(1)]));
    const xlsx = await xlsxFile([HEADER, ...userRows(1)]);
    const docx = await docxFile(docxTable([HEADER, ...userRows(1)]));
    // A .txt renamed .xlsx, and the other mix-ups.
    await expect(parseUserFile('users.xlsx', text)).rejects.toMatchObject(badRequest(`not a valid .xlsx file`));
    await expect(parseUserFile('users.xlsx', docx)).rejects.toMatchObject(badRequest(`not a valid .xlsx file`));
    await expect(parseUserFile('users.docx', xlsx)).rejects.toMatchObject(badRequest(`not a valid .docx file`));
    await expect(parseUserFile('users.docx', text)).rejects.toMatchObject(badRequest(`not a valid .docx file`));
    await expect(parseUserFile('users.csv', xlsx)).rejects.toMatchObject(badRequest(`not a valid .csv file`));
    await expect(parseUserFile('users.csv', PNG_1PX)).rejects.toMatchObject(badRequest(ACCEPTED));
    // A zip cut short.
    await expect(parseUserFile('users.xlsx', xlsx.subarray(0, 200))).rejects.toMatchObject(
      badRequest(`not a valid .xlsx file`),
    );
  });
});

describe('zip files (xlsx, docx)', () => {
  it('refuses one that unpacks to more than the limit (a zip bomb) before the parsers inflate it', async () => {
    for (const kind of ['xlsx', 'docx'] as const) {
      const base = kind === 'xlsx' ? await xlsxFile([HEADER, ...userRows(1)]) : await docxFile(docxTable([HEADER]));
      const zip = await JSZip.loadAsync(base);
      // About 50 KB compressed.
      zip.file('padding.bin', Buffer.alloc(BULK_UPLOAD.maxUnzippedBytes + 1));
      const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expect(parseUserFile(`users.${kind}`, bomb)).rejects.toMatchObject(
        badRequest(`The .${kind} file unpacks to more than 50 MB`),
      );
    }
  });
});

describe('csv', () => {
  it('reads quoted commas, a BOM and CRLF line ends', async () => {
    const text = `\uFEFF${csvText([HEADER, ['Doe, Jane', 'jane@example.com', '+1 555-0100', 'Editor, Writer', 'Secret, Pass']])}`;
    expect(await parseUserFile('users.csv', Buffer.from(text, 'utf8'))).toEqual([
      parsed(1, 'Doe, Jane', 'jane@example.com', '+1 555-0100', ['Editor', 'Writer'], 'Secret, Pass'),
    ]);
  });

  it('accepts header variants: case, spaces, any order, `role`, extra columns, no roles column', async () => {
    const text = [
      ' Password ,EMAIL, Role ,Notes,  Name,phone',
      'pw-123456,a@example.com,Editor;Writer,ignored,Ann,555',
    ].join('\n');
    expect(await parseUserFile('users.csv', Buffer.from(text))).toEqual([
      parsed(1, 'Ann', 'a@example.com', '555', ['Editor', 'Writer'], 'pw-123456'),
    ]);
    const noRoles = 'name,email,phone,password\nBen,b@example.com,555,pw-123456\n';
    expect((await parseUserFile('users.csv', Buffer.from(noRoles)))[0]).toMatchObject({ name: 'Ben', roles: [] });
  });

  it('skips empty lines and numbers the user rows from 1', async () => {
    const text = [
      '',
      'name,email,phone,roles,password',
      '',
      'Ann,a@example.com,555,,pw-123456',
      '   ',
      ',,,,',
      ' Ben , b@example.com ,555, Editor ; ; Writer ,pw-123456',
      '',
      '',
    ].join('\n');
    const rows = await parseUserFile('users.csv', Buffer.from(text));
    expect(rows.map((r) => [r.row, r.name, r.email, r.roles])).toEqual([
      [1, 'Ann', 'a@example.com', []],
      [2, 'Ben', 'b@example.com', ['Editor', 'Writer']],
    ]);
  });

  it('keeps rows with missing values for the service to reject, with what they have', async () => {
    const text = 'name,email,phone,roles,password\n,a@example.com\nBen,,555,,pw\n';
    expect(await parseUserFile('users.csv', Buffer.from(text))).toEqual([
      parsed(1, '', 'a@example.com', '', [], ''),
      parsed(2, 'Ben', '', '555', [], 'pw'),
    ]);
  });

  it('reads semicolon-separated files, Excel’s Windows-1252 csv and UTF-16 with a BOM', async () => {
    const semicolons = 'name;email;phone;roles;password\n"Doe; Jane";j@example.com;555;"Editor, Writer";pw-123456\n';
    expect((await parseUserFile('users.csv', Buffer.from(semicolons)))[0]).toMatchObject({
      name: 'Doe; Jane',
      roles: ['Editor', 'Writer'],
    });
    const latin = Buffer.from('name,email,phone,roles,password\nJosé,j@example.com,555,,pw-123456\n', 'latin1');
    expect((await parseUserFile('users.csv', latin))[0]?.name).toBe('José');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('name,email,phone,roles,password\r\nZoë,z@example.com,555,,pw-123456\r\n', 'utf16le'),
    ]);
    expect((await parseUserFile('users.csv', utf16))[0]?.name).toBe('Zoë');
  });

  it('refuses a file without the header columns, naming the missing ones', async () => {
    const text = 'Ann,a@example.com,555,Editor,pw-123456\n';
    await expect(parseUserFile('users.csv', Buffer.from(text))).rejects.toMatchObject(
      badRequest('missing: name, email, phone, password'),
    );
    await expect(parseUserFile('users.csv', Buffer.from('name,email,roles\nA,a@example.com,\n'))).rejects.toMatchObject(
      badRequest('missing: phone, password'),
    );
    await expect(
      parseUserFile('users.csv', Buffer.from('name,email,phone,password,Email\nA,a@example.com,5,p,b@example.com\n')),
    ).rejects.toMatchObject(badRequest('names the column email more than once'));
  });

  it('refuses an empty file, a header without rows, and an unclosed quote', async () => {
    await expect(parseUserFile('users.csv', Buffer.from('\n\n'))).rejects.toMatchObject(badRequest('file is empty'));
    await expect(parseUserFile('users.csv', Buffer.from('name,email,phone,roles,password\n'))).rejects.toMatchObject(
      badRequest('no users below it'),
    );
    const broken = 'name,email,phone,roles,password\n"Ann,a@example.com,555,,pw-123456\nBen,b@example.com,555,,pw\n';
    await expect(parseUserFile('users.csv', Buffer.from(broken))).rejects.toMatchObject(badRequest('unclosed quote'));
  });

  it(`refuses more than ${BULK_UPLOAD.maxRows} user rows, and accepts exactly that many`, async () => {
    const full = Buffer.from(csvText([HEADER, ...userRows(BULK_UPLOAD.maxRows)]));
    expect(await parseUserFile('users.csv', full)).toHaveLength(BULK_UPLOAD.maxRows);
    const over = Buffer.from(csvText([HEADER, ...userRows(BULK_UPLOAD.maxRows + 1)]));
    await expect(parseUserFile('users.csv', over)).rejects.toMatchObject(
      badRequest(`has ${BULK_UPLOAD.maxRows + 1} users; at most ${BULK_UPLOAD.maxRows}`),
    );
  });
});

describe('xlsx', () => {
  it('reads the first sheet with text as Excel shows it: hyperlinked emails, numeric phones, rich text', async () => {
    const file = await xlsxFile([
      ['Name', 'E-Mail?', 'Email', 'Phone', 'Role', 'Password'],
      [],
      [
        'Doe, Jane',
        'x',
        { text: 'jane@example.com', hyperlink: 'mailto:jane@example.com' },
        5550100,
        'Editor; Writer',
        'Secret-Pass-1',
      ],
      [
        { richText: [{ text: 'Bo' }, { text: 'b' }] },
        '',
        'bob@example.com',
        { formula: '5550000+101', result: 5550101 },
        '',
        12345678,
      ],
    ]);
    for (const name of ['users.xlsx', 'users.xlxs']) {
      expect(await parseUserFile(name, file)).toEqual([
        parsed(1, 'Doe, Jane', 'jane@example.com', '5550100', ['Editor', 'Writer'], 'Secret-Pass-1'),
        parsed(2, 'Bob', 'bob@example.com', '5550101', [], '12345678'),
      ]);
    }
  });

  it('skips empty leading sheets and refuses a workbook with too many rows', async () => {
    const file = await xlsxFile([], [HEADER, ...userRows(2)]);
    expect((await parseUserFile('users.xlsx', file)).map((r) => r.email)).toEqual(['u1@example.com', 'u2@example.com']);
    const over = await xlsxFile([HEADER, ...userRows(BULK_UPLOAD.maxRows + 1)]);
    await expect(parseUserFile('users.xlsx', over)).rejects.toMatchObject(badRequest(`at most ${BULK_UPLOAD.maxRows}`));
  });

  it('refuses a workbook with no header row', async () => {
    await expect(parseUserFile('users.xlsx', await xlsxFile([['just', 'some', 'cells']]))).rejects.toMatchObject(
      badRequest('must be a header'),
    );
    await expect(parseUserFile('users.xlsx', await xlsxFile([]))).rejects.toMatchObject(badRequest('file is empty'));
  });
});

describe('docx', () => {
  it('reads the first table: header row, paragraphs in a cell, escaped characters, nested text ignored', async () => {
    const file = await docxFile(
      'Users to add',
      docxTable([
        ['Name', 'Email', 'Phone', 'Roles', 'Password'],
        ['Tom & Jerry', 'tom@example.com', '555', 'Editor\nWriter', 'p<ss>w0rd'],
        ['', '', '', '', ''],
        ['Ann', 'ann@example.com', '556', '', 'Secret-Pass-1'],
      ]),
      'Another table below is ignored',
      docxTable([HEADER, ['X', 'x@example.com', '1', '', 'x']]),
    );
    expect(await parseUserFile('users.docx', file)).toEqual([
      parsed(1, 'Tom & Jerry', 'tom@example.com', '555', ['Editor', 'Writer'], 'p<ss>w0rd'),
      parsed(2, 'Ann', 'ann@example.com', '556', [], 'Secret-Pass-1'),
    ]);
  });

  it('refuses a document without a table, saying how to lay it out', async () => {
    const file = await docxFile('name, email, phone, roles, password', 'Ann, ann@example.com, 555, Editor, pw');
    await expect(parseUserFile('users.docx', file)).rejects.toMatchObject(badRequest('has no table'));
  });

  it('refuses a table with too many rows', async () => {
    const file = await docxFile(docxTable([HEADER, ...userRows(BULK_UPLOAD.maxRows + 1)]));
    await expect(parseUserFile('users.docx', file)).rejects.toMatchObject(badRequest(`at most ${BULK_UPLOAD.maxRows}`));
  });
});

describe('roles cell', () => {
  it('splits on commas, semicolons and line breaks, dropping blanks', () => {
    expect(splitRoles(' Editor ,Writer;;Chief Editor\nReviewer, ')).toEqual([
      'Editor',
      'Writer',
      'Chief Editor',
      'Reviewer',
    ]);
    expect(splitRoles('   ')).toEqual([]);
  });
});

describe('multipart body', () => {
  it('gives the file of the `file` field with its name, ignoring other fields and files', async () => {
    const { body, contentType } = await multipartBody(
      [
        { field: 'other', filename: 'x.csv', data: 'nope' },
        { filename: 'Usérs.csv', data: 'name,email\n', type: 'text/csv' },
      ],
      { note: 'hello' },
    );
    const file = await readUploadedFile(body, contentType);
    expect(file.filename).toBe('Usérs.csv');
    expect(file.data.toString('utf8')).toBe('name,email\n');
  });

  it('refuses a body that is not multipart, has no file, an empty file, or two files', async () => {
    await expect(readUploadedFile(Buffer.from('{}'), 'application/json')).rejects.toMatchObject(
      badRequest('multipart/form-data'),
    );
    await expect(readUploadedFile(Buffer.from('x'), 'multipart/form-data')).rejects.toMatchObject(
      badRequest('multipart/form-data'),
    );
    const fieldsOnly = await multipartBody([], { file: 'not a file' });
    await expect(readUploadedFile(fieldsOnly.body, fieldsOnly.contentType)).rejects.toMatchObject(
      badRequest('Choose a file'),
    );
    const empty = await multipartBody([{ filename: 'users.csv', data: '' }]);
    await expect(readUploadedFile(empty.body, empty.contentType)).rejects.toMatchObject(badRequest('empty'));
    const two = await multipartBody([
      { filename: 'a.csv', data: 'a' },
      { filename: 'b.csv', data: 'b' },
    ]);
    await expect(readUploadedFile(two.body, two.contentType)).rejects.toMatchObject(badRequest('one file at a time'));
    const truncated = await multipartBody([{ filename: 'a.csv', data: 'abc' }]);
    await expect(
      readUploadedFile(truncated.body.subarray(0, truncated.body.length - 20), truncated.contentType),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('accepts a file of exactly 5 MB and answers 413 one byte over', async () => {
    const at = await multipartBody([{ filename: 'a.csv', data: Buffer.alloc(BULK_UPLOAD.maxBytes, 'a') }]);
    expect((await readUploadedFile(at.body, at.contentType)).data).toHaveLength(BULK_UPLOAD.maxBytes);
    const over = await multipartBody([{ filename: 'a.csv', data: Buffer.alloc(BULK_UPLOAD.maxBytes + 1, 'a') }]);
    await expect(readUploadedFile(over.body, over.contentType)).rejects.toMatchObject({
      status: 413,
      kind: 'PayloadTooLarge',
      text: 'The file is larger than 5 MB',
    });
  });
});
