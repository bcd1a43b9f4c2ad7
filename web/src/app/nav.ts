/**
 * The sidebar, built from the nav entries the resource folders declare (see resource.ts). Each link's
 * visibility follows the gate of the route it opens, taken from the route table, so the two can never disagree.
 */
import type { Icon } from '@tabler/icons-react';
import type { AccessSubject } from '../../../shared/permissions';
import { NAV_SECTION_ORDER, type NavEntry, type NavGroupRef } from './resource';
import { NAV_ENTRIES, routeAt } from './routes';
import { canOpenRoute } from './screen';

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

function leafOf({ label, to, icon, alsoMatches }: NavEntry): NavLeaf {
  return { label, to, ...(icon && { icon }), ...(alsoMatches && { alsoMatches }) };
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
