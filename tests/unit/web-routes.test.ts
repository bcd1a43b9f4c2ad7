import { describe, expect, it } from 'vitest';
import { activeLinkFor, linkAccess, NAV_SECTIONS, visibleNav } from '../../web/src/app/nav';
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
  it('registers every route of CONTRACT.md §2 exactly once', () => {
    for (const path of SPEC_PATHS) expect(routeAt(path), path).toBeDefined();
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
  });

  it('gates routes as CONTRACT.md §6 says', () => {
    const gates: [path: string, resource: string, actions: string[]][] = [
      ['/user', 'User', ['Edit']],
      ['/user/create', 'User', ['Write']],
      ['/role', 'Role', ['Read']],
      ['/role/edit/:id', 'Role', ['Edit']],
      ['/article/edit/:id', 'Cms', ['Edit', 'EditOwn']],
      ['/article/gallery/create', 'Cms', ['Write']],
      ['/epaper/edit/:id', 'Epaper', ['Edit', 'EditOwn']],
      ['/client/edit/:id', 'Client', ['Edit', 'EditOwn']],
      // A client's report is about their ads: Read on Advertisement, as its API call asks.
      ['/client/report/:id', 'Advertisement', ['Read']],
      ['/advertisement/edit/:id', 'Advertisement', ['Edit']],
      ['/breraking-news', 'BreakingNews', ['Read']],
      ['/create', 'Menu', ['Write']],
      ['/shop/catagory', 'Category', ['Read']],
      ['/media-library', 'Asset', ['Read']],
    ];
    for (const [path, resource, actions] of gates) expect(gate(path), path).toEqual({ resource, actions });
    for (const open of ['/', '/settings', '/profile', '/change-password', '/site-management', '/home/top-story']) {
      expect(gate(open)?.resource, open).toBeUndefined();
    }
  });

  it('titles screens as CONTRACT.md §2 spells them', () => {
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
          'Media',
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
    const active = [
      ['/', '/'],
      ['/settings', '/'],
      ['/user/edit/42', '/user'],
      ['/article/video/create', '/article/video/create'],
      ['/article/video/edit/7', '/article'],
      ['/create', '/menu'],
      ['/menu/9', '/menu'],
      ['/client/report/7', '/client'],
    ] as const;
    for (const [path, link] of active) expect(activeLinkFor(path), path).toBe(link);
    expect(activeLinkFor('/nowhere')).toBeUndefined();
  });

  it('hides what a user may not open and keeps what needs no permission', () => {
    const labels = (user: Parameters<typeof visibleNav>[0]) =>
      visibleNav(user).flatMap((s) => s.items.flatMap((i) => ('children' in i ? i.children : [i]).map((l) => l.label)));
    const none = labels({ modelPermissions: {} });
    expect(none).toEqual(['Dashboard']);

    const reader = labels({ modelPermissions: { Cms: ['Read'], User: ['Read'] } });
    expect(reader).toContain('Manage Blog');
    expect(reader).not.toContain('Add Video');
    expect(reader).not.toContain('User Management'); // the user list needs Edit

    expect(labels({ isSuperAdmin: true })).toContain('User Management');
  });

  /** Each visible link's label, with " (read-only)" when it is marked so; a group marked as a whole says so too. */
  const outline = (user: Parameters<typeof visibleNav>[0]) =>
    visibleNav(user).flatMap((s) =>
      s.items.flatMap((i) => {
        const mark = (item: { label: string; readOnly?: boolean }) =>
          `${item.label}${item.readOnly ? ' (read-only)' : ''}`;
        return 'children' in i ? [mark(i), ...i.children.map((c) => `  ${mark(c)}`)] : [mark(i)];
      }),
    );

  it('gives a contributor their own work and no Site Management, Home Page or other screen they have no part in', () => {
    const contributor = { modelPermissions: { Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] } };
    expect(outline(contributor)).toEqual([
      'Dashboard',
      'Blog Management',
      '  Manage Blog',
      '  Add Video',
      '  Add Gallery',
      '  Add Page',
      'Manage Categories (read-only)',
    ]);
  });

  it('shows Site Management and the home page only with a permission on them, read-only without Edit', () => {
    expect(outline({ modelPermissions: { Site: ['Read'] } })).toEqual(['Dashboard', 'Site Management (read-only)']);
    expect(outline({ modelPermissions: { Site: ['Read', 'Edit'] } })).toEqual(['Dashboard', 'Site Management']);
    expect(outline({ modelPermissions: { Layout: ['Read'] } })).toEqual([
      'Dashboard',
      'Home Page (read-only)',
      '  Top Headlines (read-only)',
      '  Top Stories (read-only)',
      '  Cover Story (read-only)',
      '  Manage Sections (read-only)',
    ]);
    expect(outline({ modelPermissions: { Layout: ['Read', 'Edit'] } })).toContain('  Top Headlines');
    // Edit without Read still works the screen: it is not read-only.
    expect(outline({ modelPermissions: { Site: ['Edit'] } })).toEqual(['Dashboard', 'Site Management']);
  });

  it('marks a screen read-only when the user holds Read and nothing that changes it', () => {
    expect(linkAccess({ modelPermissions: { Cms: ['Read'] } }, { to: '/article' })).toBe('readOnly');
    expect(linkAccess({ modelPermissions: { Cms: ['Read', 'Remove'] } }, { to: '/article' })).toBe('full');
    expect(linkAccess({ modelPermissions: { Cms: ['Read', 'EditOwn'] } }, { to: '/article' })).toBe('full');
    expect(linkAccess({ modelPermissions: { Role: ['Read'] } }, { to: '/role' })).toBe('readOnly');
    expect(linkAccess({ modelPermissions: { Cms: ['Write'] } }, { to: '/article' })).toBe('hidden');
    expect(linkAccess({ modelPermissions: {} }, { to: '/site-management', resource: 'Site' })).toBe('hidden');
    expect(linkAccess({ modelPermissions: {} }, { to: '/' })).toBe('full');
    expect(linkAccess({ modelPermissions: {} }, { to: '/nowhere' })).toBe('hidden');
    expect(linkAccess(null, { to: '/' })).toBe('hidden');
    // A super admin is never read-only, and sees every screen.
    const admin = outline({ isSuperAdmin: true });
    expect(admin.some((line) => line.includes('(read-only)'))).toBe(false);
    expect(admin).toContain('Site Management');
    expect(admin).toContain('Audit Trail');
  });
});
