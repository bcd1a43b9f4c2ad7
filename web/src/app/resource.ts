/**
 * What a resource folder declares in its `index.ts` (default export): its routes and its sidebar entries. The
 * router and the sidebar collect every folder's declaration (see routes.ts), so adding a resource touches only
 * its own folder. Like screen.ts, this module imports nothing that collects resources.
 */
import { type Icon, IconAd2, IconShieldLock } from '@tabler/icons-react';
import type { Resource } from '../../../shared/permissions';
import type { AppRoute } from './screen';

/** The sidebar's sections, in the order they appear. */
export const NAV_SECTION_ORDER = ['Overview', 'Content', 'Business', 'Administration'] as const;
export type NavSectionName = (typeof NAV_SECTION_ORDER)[number];

/** A collapsible sidebar group; entries with the same group object are shown together under it. */
export interface NavGroupRef {
  label: string;
  icon: Icon;
}

/** Groups that gather the entries of several resources. A group only one resource uses lives in its index.ts. */
export const ADVERTISING_GROUP: NavGroupRef = { label: 'Advertising', icon: IconAd2 };
export const ACCESS_GROUP: NavGroupRef = { label: 'Access Management', icon: IconShieldLock };

/**
 * One sidebar link. Its visibility is the gate of the route at `to`, so link and route can never disagree.
 * Within a section, items follow `order`; a group stands where its first entry would.
 */
export interface NavEntry {
  section: NavSectionName;
  order: number;
  label: string;
  to: string;
  /** Absent: a link of its own in the section (with `icon`). */
  group?: NavGroupRef;
  icon?: Icon;
  /** Other path prefixes that belong to this link (e.g. the menu editor at /create). */
  alsoMatches?: string[];
  /**
   * For a screen with no route gate, which shows itself read-only to those who may not change it (Site
   * Management, the home page): the resource whose permissions the link needs. The link shows only with one of
   * its actions, so no one is offered a screen they have no part in.
   */
  resource?: Resource;
}

export interface WebResource {
  routes: readonly AppRoute[];
  nav?: readonly NavEntry[];
}
