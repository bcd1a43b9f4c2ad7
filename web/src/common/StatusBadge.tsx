import { Badge } from '@mantine/core';

/** Enable / Disable as staff read them: Active (green) or Blocked (red); anything else as it is. */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'Enable')
    return (
      <Badge color="green" variant="light" miw="fit-content">
        Active
      </Badge>
    );
  if (status === 'Disable')
    return (
      <Badge color="red" variant="light" miw="fit-content">
        Blocked
      </Badge>
    );
  return (
    <Badge color="gray" variant="light" miw="fit-content">
      {status}
    </Badge>
  );
}

// Badges ellipsize their label by default; a status is short and must always be read whole.
export const WHOLE_BADGE_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;
