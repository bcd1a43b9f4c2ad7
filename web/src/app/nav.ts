/**
 * The sidebar (SPEC §2 plus the other areas staff need to reach). Each link's visibility follows the gate of
 * the route it opens, taken from the route table, so the two can never disagree.
 */
import {
  type Icon,
  IconAd2,
  IconArticle,
  IconBolt,
  IconCategory,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconNews,
  IconPalette,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import type { AccessSubject } from '../../../shared/permissions';
import { canOpenRoute, routeAt } from '../routes';

export interface NavLeaf {
  label: string;
  to: string;
  icon?: Icon;
  /** Other path prefixes that belong to this item (e.g. the menu editor at /create). */
  alsoMatches?: string[];
}

export interface NavGroup {
  label: string;
  icon: Icon;
  children: NavLeaf[];
}

export type NavItem = NavLeaf | NavGroup;

export interface NavSection {
  label: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    label: 'Overview',
    items: [{ label: 'Dashboard', to: '/', icon: IconLayoutDashboard, alsoMatches: ['/settings'] }],
  },
  {
    label: 'Content',
    items: [
      {
        label: 'Blog Management',
        icon: IconArticle,
        children: [
          { label: 'Manage Blog', to: '/article' },
          { label: 'Add Video', to: '/article/video/create' },
          { label: 'Add Gallery', to: '/article/gallery/create' },
          { label: 'Add Page', to: '/page/create' },
        ],
      },
      {
        label: 'Home Page',
        icon: IconHome,
        children: [
          { label: 'Top Headlines', to: '/home/top-headline' },
          { label: 'Top Stories', to: '/home/top-story' },
          { label: 'Cover Story', to: '/home/cover-story' },
          { label: 'Manage Sections', to: '/home/manage-section' },
        ],
      },
      { label: 'Breaking News', to: '/breraking-news', icon: IconBolt },
      { label: 'E-paper', to: '/epaper', icon: IconNews },
      { label: 'Manage Categories', to: '/shop/catagory', icon: IconCategory },
    ],
  },
  {
    label: 'Business',
    items: [
      {
        label: 'Advertising',
        icon: IconAd2,
        children: [
          { label: 'Advertisements', to: '/advertisement' },
          { label: 'Clients', to: '/client' },
        ],
      },
    ],
  },
  {
    label: 'Administration',
    items: [
      {
        label: 'Access Management',
        icon: IconShieldLock,
        children: [
          { label: 'Role Management', to: '/role' },
          { label: 'User Management', to: '/user' },
        ],
      },
      {
        label: 'Appearance',
        icon: IconPalette,
        children: [{ label: 'Menu Management', to: '/menu', alsoMatches: ['/create'] }],
      },
      { label: 'Site Management', to: '/site-management', icon: IconSettings },
      { label: 'Audit Trail', to: '/audit', icon: IconHistory },
    ],
  },
];

export function isGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** Whether the user may open the route behind a link (unknown routes are hidden). */
export function canOpen(user: AccessSubject | null | undefined, to: string): boolean {
  const route = routeAt(to);
  return route !== undefined && canOpenRoute(user, route);
}

/** The sections with only the items the user may open; empty groups and sections disappear. */
export function visibleNav(user: AccessSubject | null | undefined, sections = NAV_SECTIONS): NavSection[] {
  const out: NavSection[] = [];
  for (const section of sections) {
    const items: NavItem[] = [];
    for (const item of section.items) {
      if (isGroup(item)) {
        const children = item.children.filter((child) => canOpen(user, child.to));
        if (children.length > 0) items.push({ ...item, children });
      } else if (canOpen(user, item.to)) {
        items.push(item);
      }
    }
    if (items.length > 0) out.push({ label: section.label, items });
  }
  return out;
}

function matchLength(pathname: string, prefix: string): number {
  if (pathname === prefix) return prefix.length;
  if (prefix !== '/' && pathname.startsWith(`${prefix}/`)) return prefix.length;
  return -1;
}

/** The `to` of the link to highlight for a path: the item whose path (or alias) is the longest match. */
export function activeLinkFor(pathname: string, sections = NAV_SECTIONS): string | undefined {
  let best: { to: string; length: number } | undefined;
  for (const section of sections) {
    for (const item of section.items) {
      for (const leaf of isGroup(item) ? item.children : [item]) {
        for (const prefix of [leaf.to, ...(leaf.alsoMatches ?? [])]) {
          const length = matchLength(pathname, prefix);
          if (length >= 0 && (!best || length > best.length)) best = { to: leaf.to, length };
        }
      }
    }
  }
  return best?.to;
}
