import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Text } from '@mantine/core';
import { IconChevronRight, IconGripVertical, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MAX_MENU_DEPTH, type MenuItem } from '../../../shared/schemas/menu';
import { IconAction } from '../common/IconAction';
import { notifyError } from '../common/notify';
import { DragHandle, useDragSensors } from '../common/sortable';
import { type TreeSensorState, treeKeyboardCoordinates } from './keyboard';
import classes from './MenuTree.module.css';
import { type FlatNode, moveItem, project, setExpanded, visibleNodes, withDepths } from './menu-tree';

/** One level of nesting, in pixels: dragging this far right nests an item under the one above. */
export const INDENT = 32;

const INSTRUCTIONS =
  'To move a menu item, focus its handle and press Space or Enter. Up and Down move it, Right nests it under ' +
  'the item above, Left moves it out a level. Press Space or Enter to drop it, or Escape to cancel.';

export interface MenuTreeProps {
  items: MenuItem[];
  onChange: (items: MenuItem[]) => void;
  onRemove: (item: MenuItem) => void;
}

/** The chosen menu items as a tree: reorder and nest them by dragging the handle, or with the keyboard. */
export function MenuTree({ items, onChange, onRemove }: MenuTreeProps) {
  const nodes = useMemo(() => withDepths(items), [items]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [offsetX, setOffsetX] = useState(0);

  const rows = useMemo(() => visibleNodes(nodes, activeId), [nodes, activeId]);
  const activeNode = activeId ? nodes.find((node) => node.itemId === activeId) : undefined;
  const projection = activeId && overId ? project(rows, activeId, overId, offsetX, INDENT) : null;

  const sensorState = useRef<TreeSensorState>({ rows, offsetX });
  useEffect(() => {
    sensorState.current = { rows, offsetX };
  }, [rows, offsetX]);
  const [coordinateGetter] = useState(() => treeKeyboardCoordinates(sensorState, INDENT));
  const sensors = useDragSensors(coordinateGetter);
  const ids = useMemo(() => rows.map((row) => row.itemId), [rows]);
  const titleOf = (id: UniqueIdentifier) => nodes.find((node) => node.itemId === String(id))?.title ?? 'The item';

  /** Where the item would land, in words, for screen readers. */
  const placement = (id: UniqueIdentifier, over: UniqueIdentifier | undefined, verb: string): string | undefined => {
    if (over === undefined) return undefined;
    const { rows: current, offsetX: offset } = sensorState.current;
    const landing = project(current, String(id), String(over), offset, INDENT);
    if (!landing) return undefined;
    if (!landing.allowed) return `${titleOf(id)} cannot go here: menus nest at most ${MAX_MENU_DEPTH} levels deep.`;
    const under = landing.parent ? ` under ${titleOf(landing.parent)}` : ' at the top level';
    const position = current.findIndex((row) => row.itemId === String(over)) + 1;
    return `${titleOf(id)} was ${verb} to position ${position} of ${current.length},${under}.`;
  };

  const lastAnnouncement = useRef<string | undefined>(undefined);
  const announceChange = (text: string | undefined) => {
    if (text === lastAnnouncement.current) return undefined;
    lastAnnouncement.current = text;
    return text;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    // Pointer moves fire often: only a change of place is worth saying.
    onDragMove: ({ active, over }) => announceChange(placement(active.id, over?.id, 'moved')),
    onDragOver: ({ active, over }) => announceChange(placement(active.id, over?.id, 'moved')),
    onDragEnd: ({ active, over }) => placement(active.id, over?.id, 'dropped'),
    onDragCancel: ({ active }) => `Moving was cancelled. ${titleOf(active.id)} is back where it was.`,
  };

  const reset = () => {
    setActiveId(null);
    setOverId(null);
    setOffsetX(0);
    document.body.style.removeProperty('cursor');
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveId(String(active.id));
    setOverId(String(active.id));
    document.body.style.setProperty('cursor', 'grabbing');
  };
  const onDragMove = ({ delta }: DragMoveEvent) => {
    // The announcement of this move is worked out right after this call, before a re-render: it must see it.
    sensorState.current = { ...sensorState.current, offsetX: delta.x };
    setOffsetX(delta.x);
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverId(over ? String(over.id) : null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const landing = projection;
    reset();
    if (!over || !landing) return;
    if (!landing.allowed) {
      notifyError(`Menus nest at most ${MAX_MENU_DEPTH} levels deep`, 'The item cannot go there');
      return;
    }
    onChange(moveItem(items, String(active.id), String(over.id), landing));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ul" aria-label="Menu items" className={classes.list}>
          {rows.map((row) => (
            <SortableRow
              key={row.itemId}
              node={row}
              depth={row.itemId === activeId && projection ? projection.depth : row.depth}
              blocked={row.itemId === activeId && projection?.allowed === false}
              onToggle={() => onChange(setExpanded(items, row.itemId, !row.expanded))}
              onRemove={() => onRemove(row)}
            />
          ))}
        </Box>
      </SortableContext>
      {createPortal(
        <DragOverlay dropAnimation={null}>{activeNode ? <RowContent node={activeNode} overlay /> : null}</DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

interface SortableRowProps {
  node: FlatNode;
  depth: number;
  blocked: boolean;
  onToggle: () => void;
  onRemove: () => void;
}

/**
 * A row is two boxes: the full-width droppable one, and inside it, indented by depth, the draggable one. The
 * keyboard lands items by the rows' left edge plus the depth, so the two must stay apart.
 */
function SortableRow({ node, depth, blocked, onToggle, onRemove }: SortableRowProps) {
  const sortable = useSortable({ id: node.itemId });
  const { setDraggableNodeRef, setDroppableNodeRef, transform, transition, isDragging } = sortable;
  return (
    <li
      ref={setDroppableNodeRef}
      className={classes.wrapper}
      style={{ paddingInlineStart: depth * INDENT }}
      data-depth={depth}
      aria-label={node.title}
    >
      <div
        ref={setDraggableNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        className={classes.row}
        data-ghost={isDragging || undefined}
        data-blocked={blocked || undefined}
      >
        <RowContent
          node={node}
          handle={<DragHandle sortable={sortable} name={node.title} className={classes.handle} />}
          onToggle={onToggle}
          onRemove={onRemove}
        />
      </div>
    </li>
  );
}

interface RowContentProps {
  node: FlatNode;
  handle?: React.ReactNode;
  overlay?: boolean;
  onToggle?: () => void;
  onRemove?: () => void;
}

function RowContent({ node, handle, overlay, onToggle, onRemove }: RowContentProps) {
  const hasChildren = node.descendants > 0;
  return (
    <Group gap={6} wrap="nowrap" h="100%" px={6} className={overlay ? classes.overlay : undefined}>
      {handle ?? (
        <ActionIcon variant="subtle" color="gray" component="span" aria-hidden>
          <IconGripVertical size={18} />
        </ActionIcon>
      )}
      <Box w={28} style={{ flex: 'none' }}>
        {hasChildren && !overlay && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onToggle}
            aria-label={`${node.expanded ? 'Collapse' : 'Expand'} ${node.title}`}
            aria-expanded={node.expanded}
          >
            <IconChevronRight size={16} className={classes.chevron} data-expanded={node.expanded || undefined} />
          </ActionIcon>
        )}
      </Box>
      <Box miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} truncate="end" title={node.title}>
          {node.title}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" title={node.url}>
          {node.url || 'No link'}
        </Text>
      </Box>
      {overlay && hasChildren && (
        <Badge size="sm" variant="filled" circle aria-hidden>
          {node.descendants + 1}
        </Badge>
      )}
      <Badge
        size="xs"
        variant="light"
        color={node.menuType === 'category' ? 'brand' : 'grape'}
        style={{ flex: 'none' }}
      >
        {node.menuType === 'category' ? 'Category' : 'Link'}
      </Badge>
      {!overlay && (
        <IconAction
          tip="Remove from the menu"
          label={`Remove ${node.title}`}
          icon={<IconX size={16} />}
          color="red"
          size="sm"
          onClick={onRemove}
        />
      )}
    </Group>
  );
}
