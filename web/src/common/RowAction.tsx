import { Button, Tooltip } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface RowActionProps {
  label: string;
  icon?: ReactNode;
  /** A link (Edit, Change Password) … */
  to?: string;
  /** … or an action (Block). */
  onClick?: () => void;
  /** When set, the action is shown disabled and this says why (on hover and focus). */
  disabledReason?: string | null;
  /** A tooltip for an enabled action. */
  hint?: string;
  color?: string;
  /** A fuller name for screen readers when the label alone is ambiguous ('Edit Sports'). */
  ariaLabel?: string;
}

/** One action in a table row: a compact button that, when it cannot be used, stays visible and explains why. */
export function RowAction({ label, icon, to, onClick, disabledReason, hint, color, ariaLabel }: RowActionProps) {
  if (disabledReason) {
    return (
      <Tooltip label={disabledReason} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          leftSection={icon}
          data-disabled
          aria-disabled
          aria-label={ariaLabel}
          bg="transparent"
          onClick={(event) => event.preventDefault()}
        >
          {label}
        </Button>
      </Tooltip>
    );
  }
  const button = to ? (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      size="compact-sm"
      color={color}
      leftSection={icon}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  ) : (
    <Button
      variant="subtle"
      size="compact-sm"
      color={color}
      leftSection={icon}
      onClick={onClick}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
  return hint ? (
    <Tooltip label={hint} withArrow multiline maw={260}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** A row's Edit (a link, or with onClick a modal); `name` names the row for screen readers ('Edit Sports'). */
export function EditRowAction({
  name,
  ...action
}: Omit<RowActionProps, 'label' | 'icon' | 'ariaLabel'> & { name?: string }) {
  return (
    <RowAction
      label="Edit"
      icon={<IconEdit size={15} />}
      ariaLabel={name === undefined ? undefined : `Edit ${name}`}
      {...action}
    />
  );
}
