/**
 * The removable resources: what the trash calls each one (its audit target type), its Lambda, its route base, the
 * permission grid whose Remove it needs, and its names in the API's summaries. One line a resource: its four trash
 * routes (routes/trash.ts), the audit trail's target types (audit.ts) and the server's trash registry
 * (functions/trash-sweeper/registry.ts, which must hold each one's Trashable) all read it.
 */

import type { Resource } from './permissions';
import { ARTICLE_RESOURCE } from './permissions';

interface TrashableResource {
  lambda: string;
  base: string;
  resource: Resource;
  one: string;
  many: string;
}

export const TRASHABLE_RESOURCES = {
  article: { lambda: 'article', base: '/cms', resource: ARTICLE_RESOURCE, one: 'an article', many: 'articles' },
  category: { lambda: 'category', base: '/category', resource: 'Category', one: 'a category', many: 'categories' },
  menu: { lambda: 'menu', base: '/menu', resource: 'Menu', one: 'a menu', many: 'menus' },
  epaper: {
    lambda: 'epaper',
    base: '/epaper',
    resource: 'Epaper',
    one: 'an e-paper edition',
    many: 'e-paper editions',
  },
  advertisement: {
    lambda: 'advertisement',
    base: '/advertisement',
    resource: 'Advertisement',
    one: 'an advertisement',
    many: 'advertisements',
  },
  client: { lambda: 'client', base: '/client', resource: 'Client', one: 'a client', many: 'clients' },
  'breaking-news': {
    lambda: 'breaking-news',
    base: '/breaking-news',
    resource: 'BreakingNews',
    one: 'breaking news',
    many: 'breaking news',
  },
} as const satisfies Record<string, TrashableResource>;

/** What a trash entry of the audit trail names. */
export type TrashTargetType = keyof typeof TRASHABLE_RESOURCES;
export const TRASH_TARGET_TYPES = Object.keys(TRASHABLE_RESOURCES) as TrashTargetType[];
