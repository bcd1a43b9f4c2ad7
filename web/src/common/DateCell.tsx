import { Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';

/** A date on one line and its time under it, so that several date columns side by side stay narrow. */
export function DateCell({ iso }: { iso: string | null }) {
  const [day, time] = formatDateTime(iso).split(' ');
  if (!day)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{day}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </div>
  );
}
