import { Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';
import { compactDateTime } from './compact-date';

export interface DateLine {
  /** 'Created', 'Updated', 'Publishes'. */
  label: string;
  iso: string | null | undefined;
  /** The date the list is sorted by: in bold. */
  strong?: boolean;
}

/** Several dates in one narrow column, one line each ('Created 25 Nov, 10:04'); lines without a date are left out. */
export function DatesCell({ lines, now }: { lines: readonly DateLine[]; now: Date }) {
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      {lines
        .filter((line) => line.iso)
        .map((line) => (
          <Text key={line.label} size="xs" c={line.strong ? undefined : 'dimmed'} fw={line.strong ? 600 : undefined}>
            {line.label}{' '}
            <time dateTime={line.iso ?? undefined} title={formatDateTime(line.iso)}>
              {compactDateTime(line.iso, now)}
            </time>
          </Text>
        ))}
    </div>
  );
}
