/** The category tree as data: the rows the tree shows, and the parents a category may be given. */
import type { CategoryNode, CategoryOption } from './api';

export interface TreeRow {
  label: string;
  value: string;
  children: TreeRow[];
}

/** The tree component's data: the name as label, the id as value, the same nesting. */
export function toTreeData(nodes: readonly CategoryNode[]): TreeRow[] {
  return nodes.map((node) => ({ label: node.name, value: node._id, children: toTreeData(node.children ?? []) }));
}

/** Every node by id, at any depth. */
export function indexNodes(nodes: readonly CategoryNode[], into = new Map<string, CategoryNode>()) {
  for (const node of nodes) {
    into.set(node._id, node);
    indexNodes(node.children ?? [], into);
  }
  return into;
}

/** The ids of the category and everything under it: none of them can become its parent. */
export function selfAndDescendants(list: readonly CategoryOption[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of list) {
      if (item.parent && out.has(item.parent) && !out.has(item._id)) {
        out.add(item._id);
        grew = true;
      }
    }
  }
  return out;
}

/** 'News / India / Delhi': the names from the root down (a broken chain stops where it breaks). */
export function categoryPath(list: readonly CategoryOption[], id: string): string {
  const byId = new Map(list.map((item) => [item._id, item]));
  const names: string[] = [];
  const seen = new Set<string>();
  for (let item = byId.get(id); item && !seen.has(item._id); item = item.parent ? byId.get(item.parent) : undefined) {
    seen.add(item._id);
    names.unshift(item.name);
  }
  return names.join(' / ');
}

/** The parent picker's choices, by path; when editing, the category and its subcategories are left out. */
export function parentChoices(list: readonly CategoryOption[], editingId?: string): { value: string; label: string }[] {
  const excluded = editingId ? selfAndDescendants(list, editingId) : new Set<string>();
  return list
    .filter((item) => !excluded.has(item._id))
    .map((item) => ({ value: item._id, label: categoryPath(list, item._id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The diacritics of Latin, Greek and Cyrillic letters; an Indic vowel sign is a mark too, and is kept. */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;

/** A name as the API compares siblings' names: without case, accents or repeated spaces. */
export const foldedName = (name: string) =>
  name.normalize('NFKD').replace(DIACRITICS, '').normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();

/**
 * Siblings that share a name, from before the API refused them (CONTRACT.md §5): each group's categories by path, for
 * an admin to rename or merge. (The API's comparison also folds look-alike letters of other scripts, which `npm run
 * migrate:search-index` and `npm start` report; a browser has no table of them.)
 */
export function duplicateNames(list: readonly CategoryOption[]): { key: string; paths: string[] }[] {
  const groups = new Map<string, CategoryOption[]>();
  for (const item of list) {
    const key = `${item.parent ?? ''}\u0000${foldedName(item.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()]
    .filter(([, group]) => group.length > 1)
    .map(([key, group]) => ({ key, paths: group.map((item) => categoryPath(list, item._id)) }))
    .sort((a, b) => (a.paths[0] ?? '').localeCompare(b.paths[0] ?? ''));
}
