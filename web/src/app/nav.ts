/**
 * The sidebar, built from the nav entries the resource folders declare (see resource.ts). Each link's
 * visibility follows the gate of the route it opens, taken from the route table, so the two can never disagree;
 * a screen open to all that shows itself read-only names its resource on the entry, and needs one of its actions.
 * A link whose screen the user can only read is marked so.
 */
import type { Icon } from '@tabler/icons-react';
import { type AccessSubject, canAccess, RESOURCE_ACTIONS, type Resource } from '../../../shared/permissions';
import { NAV_SECTION_ORDER, type NavEntry, type NavGroupRef } from './resource';
import { NAV_ENTRIES, routeAt } from './routes';
import { canOpenRoute } from './screen';

export interface NavLeaf {
  label: string;
  to: string;
  icon?: Icon;
  /** Other path prefixes that belong to this item (e.g. the menu editor at /create). */
  alsoMatches?: string[];
  /** The resource the link needs when its route has no gate (NavEntry.resource). */
  resource?: Resource;
  /** Set by visibleNav: the user may look at this screen but change nothing there. */
  readOnly?: boolean;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  children: NavLeaf[];
  /** Set by visibleNav: every link of the group is read-only for the user. */
  readOnly?: boolean;
}

export type NavItem = NavLeaf | NavGroup;

export interface NavSection {
  label: string;
  items: NavItem[];
}

function leafOf({ label, to, icon, alsoMatches, resource }: NavEntry): NavLeaf {
  return { label, to, ...(icon && { icon }), ...(alsoMatches && { alsoMatches }), ...(resource && { resource }) };
}

/** The sections in their order, items by `order`; a group gathers its entries where its first one stands. */
export function buildNav(entries: readonly NavEntry[]): NavSection[] {
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  return NAV_SECTION_ORDER.flatMap((label) => {
    const items: NavItem[] = [];
    const groups = new Map<NavGroupRef, NavGroup>();
    for (const entry of sorted.filter((e) => e.section === label)) {
      if (!entry.group) {
        items.push(leafOf(entry));
        continue;
      }
      let group = groups.get(entry.group);
      if (!group) {
        group = { label: entry.group.label, icon: entry.group.icon, children: [] };
        groups.set(entry.group, group);
        items.push(group);
      }
      group.children.push(leafOf(entry));
    }
    return items.length > 0 ? [{ label, items }] : [];
  });
}

export const NAV_SECTIONS: NavSection[] = buildNav(NAV_ENTRIES);

export function isGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** Whether the user may open the route behind a link (unknown routes are hidden). */
export function canOpen(user: AccessSubject | null | undefined, to: string): boolean {
  const route = routeAt(to);
  return route !== undefined && canOpenRoute(user, route);
}

/** What a link is for a user: hidden, a screen they can only look at, or one they can work in. */
export type LinkAccess = 'hidden' | 'readOnly' | 'full';

/**
 * Hidden when the route's gate refuses the user, or when the link names a resource (a screen with no gate of its
 * own) on which the user holds nothing. Read-only when the user holds Read on the screen's resource and none of the
 * actions that change something there (Write, Edit, Edit:own, Remove, as the resource offers them). A screen with
 * no resource (the dashboard) and every screen of a super admin is full.
 */
export function linkAccess(user: AccessSubject | null | undefined, link: Pick<NavLeaf, 'to' | 'resource'>): LinkAccess {
  const route = routeAt(link.to);
  if (!route || !canOpenRoute(user, route)) return 'hidden';
  const resource = link.resource ?? route.resource;
  if (!resource || user?.isSuperAdmin === true) return 'full';
  const changes = RESOURCE_ACTIONS[resource].filter((action) => action !== 'Read');
  if (canAccess(user, resource, changes)) return 'full';
  return canAccess(user, resource, ['Read']) ? 'readOnly' : 'hidden';
}

/** The link as the user sees it, or undefined when it is hidden. */
function visibleLeaf(user: AccessSubject | null | undefined, leaf: NavLeaf): NavLeaf | undefined {
  const access = linkAccess(user, leaf);
  if (access === 'hidden') return undefined;
  return access === 'readOnly' ? { ...leaf, readOnly: true } : leaf;
}

/**
 * The sections with only the items the user may use, read-only ones marked; empty groups and sections disappear.
 */
export function visibleNav(user: AccessSubject | null | undefined, sections = NAV_SECTIONS): NavSection[] {
  const out: NavSection[] = [];
  for (const section of sections) {
    const items: NavItem[] = [];
    for (const item of section.items) {
      if (isGroup(item)) {
        const children = item.children.flatMap((child) => visibleLeaf(user, child) ?? []);
        if (children.length === 0) continue;
        const readOnly = children.every((child) => child.readOnly === true);
        items.push({ ...item, children, ...(readOnly && { readOnly }) });
      } else {
        const leaf = visibleLeaf(user, item);
        if (leaf) items.push(leaf);
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
