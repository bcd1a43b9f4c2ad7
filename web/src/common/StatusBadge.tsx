import { Badge, type BadgeProps, type ElementProps } from '@mantine/core';
import { forwardRef } from 'react';

// Badges ellipsize their label by default; a status is short and must always be read whole.
export const WHOLE_BADGE_LABEL = {
  root: { flexShrink: 0, overflow: 'visible' },
  label: { overflow: 'visible' },
} as const;

/**
 * A badge sized to its label, never cut ("ACTI…"): every status, state and mark in the lists uses it. It forwards
 * its ref, so a Tooltip can wrap it.
 */
export const WholeBadge = forwardRef<HTMLDivElement, BadgeProps & ElementProps<'div', keyof BadgeProps>>(
  function WholeBadge(props, ref) {
    return <Badge ref={ref} variant="light" {...props} styles={WHOLE_BADGE_LABEL} />;
  },
);

/** Enable / Disable as staff read them: Active (green) or Blocked (red); anything else as it is. */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'Enable') return <WholeBadge color="green">Active</WholeBadge>;
  if (status === 'Disable') return <WholeBadge color="red">Blocked</WholeBadge>;
  return <WholeBadge color="gray">{status}</WholeBadge>;
}
