import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../shared/permissions';
import { resolveColorScheme } from '../../web/src/app/color-scheme';
import { isGroup, visibleNav } from '../../web/src/app/nav';
import { ARTICLE_MATCH_LIMIT, articleSearchKey, articleSearchText } from '../../web/src/app/palette/article-search';
import {
  filterPaletteActions,
  groupPaletteActions,
  isCreateRoute,
  type PaletteAction,
  type PaletteGroup,
  paletteActions,
} from '../../web/src/app/palette/palette-actions';
import { ariaShortcut, isPaletteShortcut, shortcutKeys } from '../../web/src/app/palette/shortcut';
import { APP_ROUTES } from '../../web/src/app/routes';

const SUPER_ADMIN: AccessSubject = { isSuperAdmin: true };
const NOBODY: AccessSubject = { modelPermissions: {} };
const CONTRIBUTOR: AccessSubject = { modelPermissions: { Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] } };

const labels = (actions: readonly PaletteAction[], group?: PaletteGroup) =>
  actions.filter((action) => !group || action.group === group).map((action) => action.label);

describe('the palette’s actions', () => {
  it('offers nothing before anyone is signed in', () => {
    expect(paletteActions(null)).toEqual([]);
  });

  it('goes to every sidebar link the user sees, in the sidebar’s order, create forms aside', () => {
    const sidebar = visibleNav(SUPER_ADMIN)
      .flatMap((section) => section.items.flatMap((item) => (isGroup(item) ? item.children : [item])))
      .map((leaf) => leaf.label)
      .filter((label) => !label.startsWith('Add '));
    expect(labels(paletteActions(SUPER_ADMIN), 'Go to')).toEqual(sidebar);
    expect(sidebar).toContain('Audit Trail');
  });

  it('lists the create forms the user may open, by their screen titles, under the list they belong to', () => {
    const create = paletteActions(SUPER_ADMIN).filter((action) => action.group === 'Create');
    expect(labels(create)).toEqual([
      'Add Advertisement',
      'Add Article',
      'Add Video',
      'Add Gallery',
      'Add Page',
      'Add Client',
      'Add Epaper',
      'Add Menu',
      'Create Role',
      'Create User',
    ]);
    expect(create.find((action) => action.label === 'Add Video')).toMatchObject({
      description: 'Blog Management',
      target: { kind: 'screen', to: '/article/video/create' },
    });
    expect(APP_ROUTES.filter(isCreateRoute).map((route) => route.path)).not.toContain('/article/edit/:id');
  });

  it('gives a user with no permissions the dashboard, their account and the theme, and nothing else', () => {
    const actions = paletteActions(NOBODY);
    expect(labels(actions, 'Go to')).toEqual(['Dashboard']);
    expect(labels(actions, 'Create')).toEqual([]);
    expect(labels(actions, 'Account')).toEqual(['Profile', 'Change Password', 'Sign out']);
    expect(labels(actions, 'Theme')).toEqual(['Light theme', 'Dark theme', 'System theme']);
    expect(actions.find((action) => action.label === 'Sign out')?.target).toEqual({ kind: 'signOut' });
  });

  it('gives a contributor their own screens, marks what they can only read, and no one else’s', () => {
    const actions = paletteActions(CONTRIBUTOR);
    expect(labels(actions, 'Go to')).toEqual(['Dashboard', 'Manage Blog', 'Manage Categories']);
    expect(actions.find((action) => action.label === 'Manage Categories')?.description).toBe('Content · read-only');
    expect(labels(actions, 'Create')).toEqual(['Add Article', 'Add Video', 'Add Gallery', 'Add Page']);
    expect(labels(actions)).not.toContain('User Management');
    expect(labels(actions)).not.toContain('Create User');
  });

  it('offers a create form without its list when the role grants Write alone', () => {
    const actions = paletteActions({ modelPermissions: { User: ['Write'] } });
    expect(labels(actions, 'Create')).toEqual(['Create User']);
    expect(labels(actions, 'Go to')).toEqual(['Dashboard']);
  });
});

describe('filtering the palette', () => {
  const all = paletteActions(SUPER_ADMIN);
  const found = (query: string) => labels(filterPaletteActions(all, query));

  it('keeps everything for an empty query', () => {
    expect(filterPaletteActions(all, '   ')).toEqual(all);
  });

  it('matches labels, descriptions and keywords, whatever the case or width of the letters', () => {
    expect(found('DASH')).toEqual(['Dashboard']);
    expect(found('ｄａｓｈ')).toEqual(['Dashboard']);
    // The E-paper link is found by its screen's title, Epaper Management.
    expect(found('epaper')).toEqual(['E-paper', 'Add Epaper']);
    // The group a link sits in describes it.
    expect(found('home page')).toEqual(['Top Headlines', 'Top Stories', 'Cover Story', 'Manage Sections']);
  });

  it('needs every word, in any order', () => {
    expect(found('new article')).toEqual(['Add Article']);
    expect(found('article new')).toEqual(['Add Article']);
    expect(found('new nothing-of-the-kind')).toEqual([]);
  });

  it('puts labels that start with the query first, then labels with a word that does', () => {
    const user = found('user');
    expect(user.slice(0, 2)).toEqual(['User Management', 'Create User']);
    expect(found('dark')[0]).toBe('Dark theme');
  });

  it('groups the matches where their best one stands', () => {
    const groups = groupPaletteActions(filterPaletteActions(all, 'theme'));
    expect(groups.map((group) => group.group)).toEqual(['Theme']);
    const mixed = groupPaletteActions(filterPaletteActions(all, 'role'));
    expect(mixed.map((group) => [group.group, labels(group.actions)])).toEqual([
      ['Go to', ['Role Management']],
      ['Create', ['Create Role']],
    ]);
  });
});

describe('the palette’s article search', () => {
  it('searches from two characters, in any script', () => {
    expect(articleSearchText('')).toBeNull();
    expect(articleSearchText('  a  ')).toBeNull();
    expect(articleSearchText(' qu ')).toBe('qu');
    expect(articleSearchText('रा')).toBe('रा');
  });

  it('asks GET /cms for the first few matches of the title search', () => {
    const key = articleSearchKey('राज्य सरकार');
    const [path, query = ''] = key.split('?');
    expect(path).toBe('/cms');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: '1',
      limit: String(ARTICLE_MATCH_LIMIT),
      search: 'राज्य सरकार',
    });
  });
});

describe('the palette’s shortcut', () => {
  const press = (key: string, code: string, modifiers: Partial<KeyboardEvent> = {}) => ({
    key,
    code,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...modifiers,
  });

  it('is Ctrl+K or Cmd+K, and nothing else', () => {
    expect(isPaletteShortcut(press('k', 'KeyK', { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(press('K', 'KeyK', { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(press('k', 'KeyK'))).toBe(false);
    expect(isPaletteShortcut(press('K', 'KeyK', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(press('k', 'KeyK', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteShortcut(press('j', 'KeyJ', { ctrlKey: true }))).toBe(false);
  });

  it('follows the letter on a Latin layout and the key’s place on a layout without Latin letters', () => {
    // Hindi InScript: the K key types क.
    expect(isPaletteShortcut(press('क', 'KeyK', { ctrlKey: true }))).toBe(true);
    // Dvorak: the key where QWERTY has K types t, and K is elsewhere.
    expect(isPaletteShortcut(press('t', 'KeyK', { ctrlKey: true }))).toBe(false);
    expect(isPaletteShortcut(press('k', 'KeyV', { ctrlKey: true }))).toBe(true);
  });

  it('is written the way the device writes it', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36';
    expect(shortcutKeys(mac)).toEqual(['⌘', 'K']);
    expect(shortcutKeys(windows)).toEqual(['Ctrl', 'K']);
    expect(ariaShortcut(mac)).toBe('Meta+K');
    expect(ariaShortcut(windows)).toBe('Control+K');
  });
});

describe('the colour scheme before React draws', () => {
  it('follows a stored choice, or the device for System, nothing stored or anything unknown', () => {
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('auto', true)).toBe('dark');
    expect(resolveColorScheme(null, false)).toBe('light');
    expect(resolveColorScheme('purple', true)).toBe('dark');
  });
});
