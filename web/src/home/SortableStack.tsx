import { type Announcements, closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconAction } from '../common/IconAction';
import { DragHandle, useDragSensors } from '../common/sortable';
import classes from './SortableStack.module.css';

const INSTRUCTIONS =
  'To move an item, focus its handle and press Space or Enter. Up and Down move it; press Space or Enter to ' +
  'drop it, or Escape to cancel. The Move up and Move down buttons do the same one step at a time.';

/** What each row gets to lay itself out: the drag handle and the one-step move buttons. */
export interface SortableControls {
  handle: ReactNode;
  moveButtons: ReactNode;
  dragging: boolean;
}

export interface SortableStackProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** How the item is named to screen readers and in button labels. */
  nameOf: (item: T) => string;
  /** The accessible name of the list ('Top headlines'). */
  label: string;
  onReorder: (items: T[]) => void;
  renderItem: (item: T, index: number, controls: SortableControls) => ReactNode;
  gap?: number;
}

/** An ordered list: drag a row by its handle, or move it with the keyboard or the up and down buttons. */
export function SortableStack<T>(props: SortableStackProps<T>) {
  const { items, idOf, nameOf, label, onReorder, renderItem, gap = 8 } = props;
  const sensors = useDragSensors(sortableKeyboardCoordinates);
  const ids = items.map(idOf);
  const nameById = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => idOf(candidate) === String(id));
    return item ? nameOf(item) : 'The item';
  };
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameById(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameById(active.id)} was moved to position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameById(active.id)} was dropped at position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving was cancelled. ${nameById(active.id)} is back where it was.`,
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onReorder(arrayMove([...items], from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label={label} className={classes.list} style={{ gap }}>
          {items.map((item, index) => (
            <SortableRow key={idOf(item)} id={idOf(item)} name={nameOf(item)}>
              {(handle, dragging) =>
                renderItem(item, index, {
                  handle,
                  dragging,
                  moveButtons: (
                    <>
                      <MoveButton
                        name={nameOf(item)}
                        direction="up"
                        atEnd={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                      <MoveButton
                        name={nameOf(item)}
                        direction="down"
                        atEnd={index === items.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                    </>
                  ),
                })
              }
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  name: string;
  children: (handle: ReactNode, dragging: boolean) => ReactNode;
}

function SortableRow({ id, name, children }: SortableRowProps) {
  const sortable = useSortable({ id });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  const handle = <DragHandle sortable={sortable} name={name} className={classes.handle} />;
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={name}
    >
      {children(handle, isDragging)}
    </li>
  );
}

interface MoveButtonProps {
  name: string;
  direction: 'up' | 'down';
  /** The item is at that end of the list already: the button is disabled (faded), without its tooltip. */
  atEnd: boolean;
  onClick: () => void;
}

function MoveButton({ name, direction, atEnd, onClick }: MoveButtonProps) {
  const Icon = direction === 'up' ? IconArrowUp : IconArrowDown;
  return (
    <IconAction
      tip={`Move ${direction}`}
      tipDisabled={atEnd}
      label={`Move ${name} ${direction}`}
      icon={<Icon size={16} />}
      size="sm"
      className={classes.move}
      onClick={onClick}
      disabled={atEnd}
    />
  );
}
