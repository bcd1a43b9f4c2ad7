/** DynamoDB access for categories. */
import type { CategoryRecord } from '../../shared/schemas/category';
import { counterUpdate } from '../lib/db/counters';
import { queryAll } from '../lib/db/paging';
import { insertRecord, moveUnique, putUnique, replaceRecord, withoutKeys } from '../lib/db/records';
import { CATEGORIES_PARTITION, CATEGORY_ENTITY, categoriesByCreatedAt, categoryKey, categorySlugKey } from './keys';

const SLUG_TAKEN = 'Slug already exists';
/** The stored item, list keys included. */
export const categoryItem = (c: CategoryRecord) => ({
  ...categoryKey(c._id),
  ...categoriesByCreatedAt(c.createdAt, c._id),
  ...c,
});
const slugItem = (c: CategoryRecord) => putUnique({ ...categorySlugKey(c.slug), categoryId: c._id });

export async function listAllCategories(): Promise<CategoryRecord[]> {
  return (await queryAll<Record<string, unknown>>(CATEGORIES_PARTITION)).map((i) => withoutKeys<CategoryRecord>(i));
}

export const insertCategory = (c: CategoryRecord) =>
  insertRecord(categoryItem(c), [slugItem(c), counterUpdate(CATEGORY_ENTITY, 'ALL', 1)], SLUG_TAKEN);

/** Replaces the category at `expectedVersion`, moving its slug item when the slug changes. */
export function replaceCategory(current: CategoryRecord, next: CategoryRecord, expectedVersion: number) {
  const moves = moveUnique(categorySlugKey(current.slug), categorySlugKey(next.slug), () => slugItem(next));
  return replaceRecord(categoryItem(next), expectedVersion, moves, SLUG_TAKEN);
}
