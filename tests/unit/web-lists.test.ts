import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../shared/constants';
import { fileExtension, shortFileName } from '../../web/src/common/files';
import { pageCount, pageRange, parsePage } from '../../web/src/common/paging';
import { normalizePermissions, rowState, setAction, setRow } from '../../web/src/roles/permission-grid';

describe('paging', () => {
  it('has ceil(total / page size) pages, and at least one', () => {
    expect(PAGE_SIZE).toBe(10);
    const counts: [total: number, pages: number][] = [
      [0, 1],
      [1, 1],
      [10, 1],
      [11, 2],
      [95, 10],
      [Number.NaN, 1],
    ];
    for (const [total, pages] of counts) expect(pageCount(total), `${total} records`).toBe(pages);
  });

  it('reads ?page= as a whole number from 1, anything else as page 1', () => {
    expect(parsePage('3')).toBe(3);
    for (const page of [null, '', '0', '-2', '2.5', 'abc', '99999999999']) expect(parsePage(page), `${page}`).toBe(1);
  });

  it('numbers the records shown on a page', () => {
    expect(pageRange(1, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 23)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 23)).toEqual({ from: 21, to: 23 });
  });
});

describe('file names', () => {
  it('shortens to 8 characters plus the extension', () => {
    expect(shortFileName('quarterly-report.csv')).toBe('quarterl.csv');
    expect(shortFileName('users.xlsx')).toBe('users.xlsx');
    expect(shortFileName('no-extension-at-all')).toBe('no-exten');
    expect(fileExtension('Staff.XLSX')).toBe('.xlsx');
    expect(fileExtension('README')).toBe('');
  });
});

describe('the role permission grid', () => {
  it('reads stored permissions canonically: Edit:own as EditOwn, unknown names dropped, Remove kept', () => {
    expect(
      normalizePermissions({
        Cms: ['Edit:own', 'Read', 'Read'],
        Role: ['Remove', 'Read'],
        Nope: ['Read'],
        Menu: ['Fly'],
        User: [],
      }),
    ).toEqual({ Cms: ['Read', 'EditOwn'], Role: ['Read', 'Remove'] });
    expect(normalizePermissions(undefined)).toEqual({});
  });

  it('ticks and unticks one box; an empty row disappears', () => {
    let perms = setAction({}, 'Cms', 'Write', true);
    perms = setAction(perms, 'Cms', 'Read', true);
    expect(perms).toEqual({ Cms: ['Read', 'Write'] });
    perms = setAction(setAction(perms, 'Cms', 'Read', false), 'Cms', 'Write', false);
    expect(perms).toEqual({});
  });

  it('selects a whole row without touching actions the screen does not offer', () => {
    const start = { Role: ['Remove' as const], Cms: ['Read' as const] };
    expect(rowState(start, 'Cms')).toBe('some');
    expect(rowState(start, 'Role')).toBe('none');
    const all = setRow(start, 'Role', true);
    expect(all.Role).toEqual(['Read', 'Write', 'Edit', 'EditOwn', 'Remove']);
    expect(rowState(all, 'Role')).toBe('all');
    expect(setRow(all, 'Role', false)).toEqual({ Role: ['Remove'], Cms: ['Read'] });
  });
});
