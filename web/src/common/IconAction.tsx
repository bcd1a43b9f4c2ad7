import { ActionIcon, type ActionIconProps, type ElementProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface IconActionProps extends ActionIconProps, ElementProps<'button', keyof ActionIconProps> {
  /** What the tooltip says ('Move up'). */
  tip: string;
  /** Hides the tooltip (an arrow that cannot move at the end of a list). */
  tipDisabled?: boolean;
  /** The button's accessible name, which names what it acts on ('Move Video 2 up'). */
  label: string;
  icon: ReactNode;
}

/** A small icon button with a tooltip, for the actions on an item of a list: move, collapse, remove. */
export function IconAction({
  tip,
  tipDisabled,
  label,
  icon,
  variant = 'subtle',
  color = 'gray',
  ...props
}: IconActionProps) {
  return (
    <Tooltip label={tip} withArrow disabled={tipDisabled}>
      <ActionIcon variant={variant} color={color} aria-label={label} {...props}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
