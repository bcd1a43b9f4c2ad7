/**
 * The name items (model.ts, categoryNameKey) of the categories written before them, and the siblings that already
 * share a name: `npm run migrate:search-index` and `npm start` run the pass. Each live category, oldest first, gets
 * its item unless a sibling holds it; that sibling and it are then reported for an admin to rename or merge, and
 * left as they were (a save of the newer one is refused until one of them is renamed). Idempotent: a run again
 * writes nothing for a category that holds its item.
 */
import type { CategoryRecord } from '../../shared/schemas/category';
import { isConditionFailure } from '../lib/db/client';
import { batchGet, transact } from '../lib/db/records';
import { categoryNameItemKey, claimCategoryName, listAllCategories } from './model';

/** Siblings sharing one name: the category holding the name item first. */
export interface DuplicateCategoryNames {
  parent: string | null;
  parentName: string | null;
  categories: { _id: string; name: string }[];
}

export async function claimCategoryNames(): Promise<{ claimed: number; duplicates: DuplicateCategoryNames[] }> {
  const all = (await listAllCategories()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const holders = new Map(
    (await batchGet(all.map(categoryNameItemKey), true)).map((item) => [String(item.pk), String(item.categoryId)]),
  );
  let claimed = 0;
  for (const c of all) {
    const key = categoryNameItemKey(c);
    if (holders.has(key.pk)) continue;
    try {
      await transact([claimCategoryName(c)]);
      holders.set(key.pk, c._id);
      claimed++;
    } catch (error) {
      // A save or another run claimed it meanwhile: the report below tells who holds it.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return { claimed, duplicates: duplicatesOf(all, holders) };
}

function duplicatesOf(all: CategoryRecord[], holders: Map<string, string>): DuplicateCategoryNames[] {
  const names = new Map(all.map((c) => [c._id, c.name]));
  const groups = new Map<string, CategoryRecord[]>();
  for (const c of all) {
    const pk = categoryNameItemKey(c).pk;
    groups.set(pk, [...(groups.get(pk) ?? []), c]);
  }
  return [...groups.entries()]
    .filter(([, group]) => group.length > 1)
    .map(([pk, group]) => {
      const holder = holders.get(pk);
      const ordered = [...group].sort((a, b) => Number(b._id === holder) - Number(a._id === holder));
      const parent = group[0]?.parent ?? null;
      const parentName = parent ? (names.get(parent) ?? null) : null;
      return { parent, parentName, categories: ordered.map(({ _id, name }) => ({ _id, name })) };
    });
}

/** One line a group for the migration's and the start-up's report: `"Politics" (01J…), "politics" (01J…) at the top`. */
export function describeDuplicates(groups: DuplicateCategoryNames[]): string[] {
  return groups.map((g) => {
    const where = g.parent ? `under "${g.parentName ?? '?'}" (${g.parent})` : 'at the top';
    return `${g.categories.map((c) => `"${c.name}" (${c._id})`).join(', ')} ${where}`;
  });
}
