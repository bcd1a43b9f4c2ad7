import { Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { IconAction } from './IconAction';

export interface MoveActionsProps {
  /** What the buttons act on, in their names: 'section 2' gives 'Move section 2 up' and 'Remove section 2'. */
  name: string;
  /** The first cannot move up, the last cannot move down. */
  first: boolean;
  last: boolean;
  disabled?: boolean;
  onMove: (by: -1 | 1) => void;
  /** Absent when the item may not be removed (the one that must stay). */
  onRemove?: () => void;
  /** What Remove's tooltip says. */
  removeTip?: string;
}

/** An item's Move up, Move down and Remove in a list ordered by hand: icon buttons with tooltips. */
export function MoveActions({ name, first, last, disabled, onMove, onRemove, removeTip = 'Remove' }: MoveActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconAction
        tip="Move up"
        label={`Move ${name} up`}
        icon={<IconArrowUp size={16} />}
        onClick={() => onMove(-1)}
        disabled={disabled || first}
      />
      <IconAction
        tip="Move down"
        label={`Move ${name} down`}
        icon={<IconArrowDown size={16} />}
        onClick={() => onMove(1)}
        disabled={disabled || last}
      />
      {onRemove && (
        <IconAction
          tip={removeTip}
          label={`Remove ${name}`}
          icon={<IconTrash size={16} />}
          color="red"
          onClick={onRemove}
          disabled={disabled}
        />
      )}
    </Group>
  );
}
