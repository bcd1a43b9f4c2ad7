/**
 * The trash: Remove moves a record there for TRASH_DAYS, with Restore and Delete now. Users are never
 * removed (they are blocked). The refusals below answer 400 on `DELETE {base}/{id}`.
 */
import type { NamedRef } from './common';

/** One row of `GET {base}/trash`, newest removal first. */
export interface TrashedRecord {
  _id: string;
  /** The record's display name: article title, category name, client name, ad or e-paper title, breaking-news text, menu name. */
  title: string;
  trashedAt: string;
  /** Who removed it (null when that user is unknown). */
  trashedBy: NamedRef | null;
  /** When it is deleted for good, unless restored before. */
  expiresAt: string;
}

export const CATEGORY_HAS_CHILDREN_MESSAGE = 'This category has sub-categories: move or remove them first';
export const CATEGORY_ON_HOME_PAGE_MESSAGE =
  'A home-page section shows this category: choose another category for that section first';
export const CATEGORY_HAS_ARTICLES_MESSAGE = 'This category has articles: move them to another category first';
export const CLIENT_HAS_ADS_MESSAGE = 'This client has advertisements: remove them first';
export const MENU_IS_ACTIVE_MESSAGE = 'This menu is active: activate another menu first';

const andMore = (others: number) => (others > 0 ? ` (and ${others} more)` : '');
/** A category a menu links to cannot be removed: the menu would keep a dead item. */
export const categoryInMenuMessage = (menu: string, others = 0) =>
  `Used in the menu ${menu}${andMore(others)}: take the category out of that menu first`;
/** A category an ad targets cannot be removed; Advertisement Management's category filter lists those ads. */
export const categoryTargetedMessage = (ads: number) =>
  `This category is targeted by ${ads === 1 ? '1 advertisement' : `${ads} advertisements`}: filter Advertisement Management by it and take it out of them first`;
/** The same refusal when a menu or an ad named the category at the very moment of its removal. */
export const CATEGORY_IN_USE_MESSAGE = 'A menu or an advertisement names this category: take it out of them first';
