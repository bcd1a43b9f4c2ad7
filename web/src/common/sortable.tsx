import { KeyboardSensor, type KeyboardSensorOptions, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { useSortable } from '@dnd-kit/sortable';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';

/** A drag starts once the pointer has moved 4px (a click stays a click); the keyboard moves by `coordinateGetter`. */
export function useDragSensors(coordinateGetter: KeyboardSensorOptions['coordinateGetter']) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
}

interface DragHandleProps {
  sortable: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;
  /** The item's name, in the handle's label ('Move Sports'). */
  name: string;
  className?: string;
}

/** The grip a sortable row is dragged by; focused, Space or Enter picks the row up for the keyboard. */
export function DragHandle({ sortable, name, className }: DragHandleProps) {
  return (
    <ActionIcon
      ref={sortable.setActivatorNodeRef}
      variant="subtle"
      color="gray"
      className={className}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`Move ${name}`}
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
}
