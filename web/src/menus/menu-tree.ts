/**
 * The menu editor's tree as data. A menu's items are a flat list in display order (depth-first: a parent
 * comes before its children), each naming its parent; these functions read depths from it, project where a
 * dragged item would land, and move, add and remove items while keeping that order.
 */
import { MAX_MENU_DEPTH, type MenuItem } from '../../../shared/schemas/menu';

/** Depths are counted from 0 here: the deepest allowed item is at MAX_DEPTH. */
export const MAX_DEPTH = MAX_MENU_DEPTH - 1;

export interface FlatNode extends MenuItem {
  depth: number;
  /** How many items sit under this one, at any depth. */
  descendants: number;
  /** How many levels sit under this one: 0 for a leaf. */
  height: number;
}

/** Each item with its depth and what sits under it (an item whose parent is missing counts as a root). */
export function withDepths(items: readonly MenuItem[]): FlatNode[] {
  const depthOf = new Map<string, number>();
  const nodes: FlatNode[] = items.map((item) => {
    const parentDepth = item.parent === null ? undefined : depthOf.get(item.parent);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    depthOf.set(item.itemId, depth);
    return { ...item, depth, descendants: 0, height: 0 };
  });
  // Each item counts towards every open ancestor: the stack holds the chain of items above the current one.
  const stack: FlatNode[] = [];
  for (const node of nodes) {
    while (stack.length > 0 && (stack.at(-1)?.depth ?? -1) >= node.depth) stack.pop();
    for (const ancestor of stack) {
      ancestor.descendants += 1;
      ancestor.height = Math.max(ancestor.height, node.depth - ancestor.depth);
    }
    stack.push(node);
  }
  return nodes;
}

/** The rows shown: children of collapsed items are hidden, and so are the dragged item's while it moves. */
export function visibleNodes(nodes: readonly FlatNode[], activeId: string | null = null): FlatNode[] {
  const out: FlatNode[] = [];
  let skip = 0;
  for (const node of nodes) {
    if (skip > 0) {
      skip -= 1;
      continue;
    }
    out.push(node);
    if (!node.expanded || node.itemId === activeId) skip = node.descendants;
  }
  return out;
}

export interface Projection {
  depth: number;
  parent: string | null;
  /** The range of depths the item may take at this place (the keyboard moves within it). */
  minDepth: number;
  maxDepth: number;
  /** False when no depth fits there: the dragged branch would go past MAX_MENU_DEPTH levels. */
  allowed: boolean;
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [moved] = copy.splice(from, 1);
  if (moved !== undefined) copy.splice(to, 0, moved);
  return copy;
}

/**
 * Where the dragged item lands when dropped over `overId` having moved `offsetX` pixels sideways: one indent
 * step is one level. `rows` are the visible rows during the drag (the dragged item's children hidden).
 */
export function project(
  rows: readonly FlatNode[],
  activeId: string,
  overId: string,
  offsetX: number,
  indent: number,
): Projection | null {
  const activeIndex = rows.findIndex((row) => row.itemId === activeId);
  const overIndex = rows.findIndex((row) => row.itemId === overId);
  const active = rows[activeIndex];
  if (!active || overIndex < 0) return null;
  const moved = arrayMove(rows, activeIndex, overIndex);
  const previous = moved[overIndex - 1];
  const next = moved[overIndex + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const maxDepth = Math.min(previous ? previous.depth + 1 : 0, MAX_DEPTH - active.height);
  const minDepth = next ? next.depth : 0;
  if (minDepth > maxDepth) return { depth: active.depth, parent: active.parent, minDepth, maxDepth, allowed: false };
  const depth = Math.min(Math.max(wanted, minDepth), maxDepth);

  let parent: string | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parent = previous.parent;
    else if (depth > previous.depth) parent = previous.itemId;
    else {
      // The nearest earlier row at this depth is a sibling: share its parent.
      const sibling = moved
        .slice(0, overIndex)
        .reverse()
        .find((row) => row.depth === depth);
      parent = sibling?.parent ?? null;
    }
  }
  return { depth, parent, minDepth, maxDepth, allowed: true };
}

const strip = ({ depth: _d, descendants: _n, height: _h, ...item }: FlatNode): MenuItem => item;

/**
 * Moves the dragged item, with everything under it, to where `project` said: after the row that precedes
 * `overId` once moved (and after that row's hidden children), under `projection.parent`.
 */
export function moveItem(
  items: readonly MenuItem[],
  activeId: string,
  overId: string,
  projection: Projection,
): MenuItem[] {
  const nodes = withDepths(items);
  const rows = visibleNodes(nodes, activeId);
  const activeRow = rows.findIndex((row) => row.itemId === activeId);
  const overRow = rows.findIndex((row) => row.itemId === overId);
  const start = nodes.findIndex((node) => node.itemId === activeId);
  const active = nodes[start];
  if (!active || activeRow < 0 || overRow < 0 || !projection.allowed) return [...items];
  const previous = arrayMove(rows, activeRow, overRow)[overRow - 1];

  const end = start + 1 + active.descendants;
  const block = nodes.slice(start, end).map(strip);
  const rest = [...nodes.slice(0, start), ...nodes.slice(end)].map(strip);
  const moved = { ...strip(active), parent: projection.parent };

  let at = 0;
  if (previous) {
    const visible = new Set(rows.map((row) => row.itemId));
    at = rest.findIndex((item) => item.itemId === previous.itemId) + 1;
    while (at < rest.length && !visible.has(rest[at]?.itemId ?? '')) at++;
  }
  return [...rest.slice(0, at), moved, ...block.slice(1), ...rest.slice(at)];
}

/** Removes an item; its children move up to its place, under its parent. */
export function removeItem(items: readonly MenuItem[], itemId: string): MenuItem[] {
  const removed = items.find((item) => item.itemId === itemId);
  if (!removed) return [...items];
  return items
    .filter((item) => item.itemId !== itemId)
    .map((item) => (item.parent === itemId ? { ...item, parent: removed.parent } : item));
}

/**
 * Adds an item at the end of `parent`'s children (at the end of the menu when there is no such parent, or
 * when it is already at the deepest level).
 */
export function addItem(items: readonly MenuItem[], item: Omit<MenuItem, 'parent'>, parent: string | null): MenuItem[] {
  const nodes = withDepths(items);
  const index = parent === null ? -1 : nodes.findIndex((node) => node.itemId === parent);
  const host = nodes[index];
  if (!host || host.depth >= MAX_DEPTH) return [...items, { ...item, parent: null }];
  const at = index + 1 + host.descendants;
  return [...items.slice(0, at), { ...item, parent }, ...items.slice(at)];
}

/** A loaded item list made safe to show: a parent that is missing or comes later makes the item a root. */
export function normalizeItems(items: readonly MenuItem[]): MenuItem[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const ok = item.parent === null || seen.has(item.parent);
    seen.add(item.itemId);
    return ok ? item : { ...item, parent: null };
  });
}

/** Opens or closes an item's branch. */
export function setExpanded(items: readonly MenuItem[], itemId: string, expanded: boolean): MenuItem[] {
  return items.map((item) => (item.itemId === itemId ? { ...item, expanded } : item));
}
