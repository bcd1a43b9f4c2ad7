import { useTree } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CategoryNode, CategoryRecord } from './api';
import { duplicateNames, indexNodes, toTreeData } from './category-tree';

/**
 * The category tree as the screen shows it: the nodes by id, the tree's data and open branches, the sibling names
 * that clash, and what opens and closes branches.
 */
export function useCategoryTreeView(data: CategoryNode[] | undefined) {
  // Branches the user closed; everything else (new categories included) shows open.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const byId = useMemo(() => indexNodes(data ?? []), [data]);
  const treeData = useMemo(() => toTreeData(data ?? []), [data]);
  const duplicates = useMemo(() => duplicateNames([...byId.values()]), [byId]);
  const expandedState = useMemo(
    () => Object.fromEntries([...byId.keys()].map((id) => [id, !collapsed.has(id)])),
    [byId, collapsed],
  );
  const tree = useTree({
    expandedState,
    onExpandedStateChange: (state) =>
      setCollapsed(new Set(Object.entries(state).flatMap(([id, open]) => (open ? [] : [id])))),
  });

  /** A saved category shows where it now sits: every branch above it opens. */
  const reveal = (saved: CategoryRecord) => {
    setCollapsed((current) => {
      const next = new Set(current);
      for (let id = saved.parent; id && next.has(id); id = byId.get(id)?.parent ?? null) next.delete(id);
      return next;
    });
  };
  const expandAll = () => setCollapsed(new Set());
  const collapseAll = () =>
    setCollapsed(new Set([...byId.values()].filter((n) => n.children.length).map((n) => n._id)));

  return { byId, treeData, duplicates, tree, reveal, expandAll, collapseAll };
}
