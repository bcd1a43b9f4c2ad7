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
