import { Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';

export interface DateLine {
  /** 'Created', 'Updated', 'Publishes'. */
  label: string;
  iso: string | null | undefined;
  /** The date the list is sorted by: in bold. */
  strong?: boolean;
}

/**
 * Several dates in one column, one line each, in the contract's DD/MM/YYYY HH:mm ('Created 25/11/2026 10:04');
 * lines without a date are left out.
 */
export function DatesCell({ lines }: { lines: readonly DateLine[] }) {
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      {lines
        .filter((line) => line.iso)
        .map((line) => (
          <Text key={line.label} size="xs" c={line.strong ? undefined : 'dimmed'} fw={line.strong ? 600 : undefined}>
            {line.label} <time dateTime={line.iso ?? undefined}>{formatDateTime(line.iso)}</time>
          </Text>
        ))}
    </div>
  );
}
