/**
 * Moving a menu item with the keyboard (dnd-kit's sortable-tree pattern): Space or Enter picks the item up,
 * Up and Down move it past its neighbours, Right nests it one level deeper under the item above, Left moves it
 * back out, Space or Enter drops it, Escape puts it back.
 */
import {
  closestCorners,
  type DroppableContainer,
  getClientRect,
  getFirstCollision,
  KeyboardCode,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { RefObject } from 'react';
import { type FlatNode, project } from './menu-tree';

/** What the keyboard needs from the tree while an item is moving. */
export interface TreeSensorState {
  rows: FlatNode[];
  offsetX: number;
}

const VERTICAL: string[] = [KeyboardCode.Down, KeyboardCode.Up];
const HORIZONTAL: string[] = [KeyboardCode.Left, KeyboardCode.Right];

export function treeKeyboardCoordinates(state: RefObject<TreeSensorState>, indent: number): KeyboardCoordinateGetter {
  return (
    event,
    { currentCoordinates, context: { active, over, collisionRect, droppableRects, droppableContainers } },
  ) => {
    if (!VERTICAL.includes(event.code) && !HORIZONTAL.includes(event.code)) return undefined;
    if (!active || !collisionRect) return undefined;
    event.preventDefault();
    const { rows, offsetX } = state.current;
    const activeId = String(active.id);

    if (HORIZONTAL.includes(event.code)) {
      if (!over) return undefined;
      const projection = project(rows, activeId, String(over.id), offsetX, indent);
      if (!projection?.allowed) return undefined;
      if (event.code === KeyboardCode.Left && projection.depth > projection.minDepth) {
        return { ...currentCoordinates, x: currentCoordinates.x - indent };
      }
      if (event.code === KeyboardCode.Right && projection.depth < projection.maxDepth) {
        return { ...currentCoordinates, x: currentCoordinates.x + indent };
      }
      return undefined;
    }

    // Up or Down: the nearest row above or below the one the item is over.
    const overRect = over ? droppableContainers.get(over.id)?.rect.current : undefined;
    if (!overRect) return undefined;
    const candidates: DroppableContainer[] = [];
    for (const container of droppableContainers.getEnabled()) {
      const rect = container.rect.current;
      if (!rect) continue;
      if (event.code === KeyboardCode.Down ? rect.top > overRect.top : rect.top < overRect.top)
        candidates.push(container);
    }
    const closestId = getFirstCollision(
      closestCorners({
        active,
        collisionRect,
        droppableRects,
        droppableContainers: candidates,
        pointerCoordinates: null,
      }),
      'id',
    );
    if (closestId === null) return undefined;
    const node = droppableContainers.get(closestId)?.node.current;
    const activeRect = droppableContainers.get(active.id)?.rect.current;
    const target = rows.find((row) => row.itemId === String(closestId));
    const moving = rows.find((row) => row.itemId === activeId);
    if (!node || !activeRect || !target || !moving) return undefined;

    // Land at the depth of the row moved past when the place allows it.
    const projection = project(rows, activeId, String(closestId), (target.depth - moving.depth) * indent, indent);
    const depth = projection?.allowed ? projection.depth : moving.depth;
    const rect = getClientRect(node, { ignoreTransform: true });
    const offset = rect.top > activeRect.top ? Math.abs(activeRect.height - rect.height) : 0;
    return { x: rect.left + depth * indent, y: rect.top + offset };
  };
}
