import { describe, expect, it } from 'vitest';
import { activeLinkFor, NAV_SECTIONS, visibleNav } from '../../web/src/app/nav';
import { APP_ROUTES, routeAt } from '../../web/src/app/routes';

const SPEC_PATHS = [
  '/user',
  '/user/create',
  '/user/edit/:id',
  '/user/change-password/:id',
  '/role',
  '/role/create',
  '/role/edit/:id',
  '/shop/catagory',
  '/menu',
  '/create',
  '/menu/:id',
  '/article',
  '/article/create',
  '/article/edit/:id',
  '/article/video/create',
  '/article/video/edit/:id',
  '/article/gallery/create',
  '/article/gallery/edit/:id',
  '/page/create',
  '/epaper',
  '/epaper/create',
  '/epaper/edit/:id',
  '/advertisement',
  '/advertisement/create',
  '/advertisement/edit/:id',
  '/client',
  '/client/create',
  '/client/edit/:id',
  '/breraking-news',
  '/home/top-headline',
  '/home/cover-story',
  '/home/top-story',
  '/home/manage-section',
  '/',
  '/settings',
  '/profile',
  '/change-password',
  '/site-management',
];

const gate = (path: string) => {
  const route = routeAt(path);
  return route && { resource: route.resource, actions: route.actions };
};

describe('web route table', () => {
  it('registers every route of SPEC §2 exactly once', () => {
    for (const path of SPEC_PATHS) expect(routeAt(path), path).toBeDefined();
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
  });

  it('gates routes as SPEC §6 says', () => {
    expect(gate('/user')).toEqual({ resource: 'User', actions: ['Edit'] });
    expect(gate('/user/create')).toEqual({ resource: 'User', actions: ['Write'] });
    expect(gate('/role')).toEqual({ resource: 'Role', actions: ['Read'] });
    expect(gate('/role/edit/:id')).toEqual({ resource: 'Role', actions: ['Edit'] });
    expect(gate('/article/edit/:id')).toEqual({ resource: 'Cms', actions: ['Edit', 'EditOwn'] });
    expect(gate('/article/gallery/create')).toEqual({ resource: 'Cms', actions: ['Write'] });
    expect(gate('/epaper/edit/:id')).toEqual({ resource: 'Epaper', actions: ['Edit', 'EditOwn'] });
    expect(gate('/client/edit/:id')).toEqual({ resource: 'Client', actions: ['Edit', 'EditOwn'] });
    expect(gate('/advertisement/edit/:id')).toEqual({ resource: 'Advertisement', actions: ['Edit'] });
    expect(gate('/breraking-news')).toEqual({ resource: 'BreakingNews', actions: ['Read'] });
    expect(gate('/create')).toEqual({ resource: 'Menu', actions: ['Write'] });
    expect(gate('/shop/catagory')).toEqual({ resource: 'Category', actions: ['Read'] });
    for (const open of ['/', '/settings', '/profile', '/change-password', '/site-management', '/home/top-story']) {
      expect(gate(open)?.resource, open).toBeUndefined();
    }
  });

  it('titles screens as SPEC spells them', () => {
    expect(routeAt('/article')?.title).toBe('Blog Management');
    expect(routeAt('/user')?.title).toBe('Manage User');
    expect(routeAt('/breraking-news')?.title).toBe('Manage Category');
  });
});

describe('sidebar', () => {
  it('links only to registered routes', () => {
    const links = NAV_SECTIONS.flatMap((s) => s.items).flatMap((i) => ('children' in i ? i.children : [i]));
    for (const link of links) expect(routeAt(link.to), link.to).toBeDefined();
  });

  it('keeps its sections, groups and links in order, whichever folder declares them', () => {
    const outline = NAV_SECTIONS.map((s) => ({
      section: s.label,
      items: s.items.map((i) => ('children' in i ? { [i.label]: i.children.map((c) => c.label) } : i.label)),
    }));
    expect(outline).toEqual([
      { section: 'Overview', items: ['Dashboard'] },
      {
        section: 'Content',
        items: [
          { 'Blog Management': ['Manage Blog', 'Add Video', 'Add Gallery', 'Add Page'] },
          { 'Home Page': ['Top Headlines', 'Top Stories', 'Cover Story', 'Manage Sections'] },
          'Breaking News',
          'E-paper',
          'Manage Categories',
        ],
      },
      { section: 'Business', items: [{ Advertising: ['Advertisements', 'Clients'] }] },
      {
        section: 'Administration',
        items: [
          { 'Access Management': ['Role Management', 'User Management'] },
          { Appearance: ['Menu Management'] },
          'Site Management',
          'Audit Trail',
        ],
      },
    ]);
  });

  it('highlights the most specific item for a path', () => {
    expect(activeLinkFor('/')).toBe('/');
    expect(activeLinkFor('/settings')).toBe('/');
    expect(activeLinkFor('/user/edit/42')).toBe('/user');
    expect(activeLinkFor('/article/video/create')).toBe('/article/video/create');
    expect(activeLinkFor('/article/video/edit/7')).toBe('/article');
    expect(activeLinkFor('/create')).toBe('/menu');
    expect(activeLinkFor('/menu/9')).toBe('/menu');
    expect(activeLinkFor('/nowhere')).toBeUndefined();
  });

  it('hides what a user may not open and keeps what needs no permission', () => {
    const labels = (user: Parameters<typeof visibleNav>[0]) =>
      visibleNav(user).flatMap((s) => s.items.flatMap((i) => ('children' in i ? i.children : [i]).map((l) => l.label)));
    const none = labels({ modelPermissions: {} });
    expect(none).toContain('Dashboard');
    expect(none).toContain('Top Headlines');
    expect(none).toContain('Site Management');
    expect(none).not.toContain('User Management');
    expect(none).not.toContain('Manage Blog');

    const reader = labels({ modelPermissions: { Cms: ['Read'], User: ['Read'] } });
    expect(reader).toContain('Manage Blog');
    expect(reader).not.toContain('Add Video');
    expect(reader).not.toContain('User Management'); // the user list needs Edit

    expect(labels({ isSuperAdmin: true })).toContain('User Management');
  });
});
