/**
 * The trash calls of the seven removable resources, typed from the route table: every resource answers
 * `DELETE {base}/{id}`, `GET {base}/trash`, `POST {base}/trash/{id}/restore` and `DELETE {base}/trash/{id}`, all
 * behind Remove on the resource. `base` is the record path as the resource's routes file spells it.
 */
import { mutate } from 'swr';
import { PAGE_SIZE } from '../../../../shared/constants';
import type { Resource } from '../../../../shared/permissions';
import type { ListPage } from '../../../../shared/schemas/common';
import type { TrashedRecord } from '../../../../shared/schemas/trash';
import { api } from '../../api/client';
import { type ApiKey, apiKey, useApi } from '../../api/use-api';
import { isKeyUnder } from './trash-text';

export type { TrashedRecord } from '../../../../shared/schemas/trash';

/** What a resource's trash is called on its screens: 'articles', 'an article'. */
export interface TrashNouns {
  /** The list's plural, lower case ('articles'), as the trash screen and its messages say it. */
  many: string;
  /** One record ('article'), for the dialogs' titles. */
  one: string;
}

/** Each removable resource: its API base and what its records are called. */
export const TRASH_RESOURCES = {
  Cms: { base: '/cms', many: 'articles', one: 'article' },
  Category: { base: '/category', many: 'categories', one: 'category' },
  Client: { base: '/client', many: 'clients', one: 'client' },
  Menu: { base: '/menu', many: 'menus', one: 'menu' },
  BreakingNews: { base: '/breaking-news', many: 'breaking news', one: 'headline' },
  Epaper: { base: '/epaper', many: 'e-paper editions', one: 'e-paper edition' },
  Advertisement: { base: '/advertisement', many: 'advertisements', one: 'advertisement' },
} as const satisfies Partial<Record<Resource, TrashNouns & { base: string }>>;

export type TrashResource = keyof typeof TRASH_RESOURCES;

/** A page of a resource's trash. */
export const trashKey = (resource: TrashResource, page: number): ApiKey<ListPage<TrashedRecord>> =>
  apiKey(`GET ${TRASH_RESOURCES[resource].base}/trash`, { query: { page, limit: PAGE_SIZE } });

export function useTrash(resource: TrashResource, page: number) {
  return useApi(trashKey(resource, page), { keepPreviousData: true });
}

/** Moves a record to its resource's trash; a refusal (a category with articles …) is a 400 with the reason. */
export function moveToTrash(resource: TrashResource, id: string): Promise<null> {
  return api(`DELETE ${TRASH_RESOURCES[resource].base}/{id}`, { params: { id } });
}

export function restoreFromTrash(resource: TrashResource, id: string): Promise<null> {
  return api(`POST ${TRASH_RESOURCES[resource].base}/trash/{id}/restore`, { params: { id } });
}

/** Deletes a trashed record for good. */
export function deleteForGood(resource: TrashResource, id: string): Promise<null> {
  return api(`DELETE ${TRASH_RESOURCES[resource].base}/trash/{id}`, { params: { id } });
}

/**
 * After a removal, a restore or a deletion: every read under the resource's base re-reads (its lists and their
 * counts, its pickers, its trash, `/cms/notification`), and so does the dashboard, whose figures count records.
 */
export function revalidateRemovable(resource: TrashResource): Promise<unknown> {
  const { base } = TRASH_RESOURCES[resource];
  return mutate((key) => typeof key === 'string' && (isKeyUnder(base, key) || isKeyUnder('/dashboard', key)));
}
