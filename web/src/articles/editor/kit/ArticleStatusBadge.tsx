import { Badge } from '@mantine/core';
import type { ArticleStatus } from '../../../../../shared/constants';

const COLORS: Record<ArticleStatus, string> = {
  Draft: 'gray',
  Pending: 'yellow',
  Approved: 'teal',
  'Need Review': 'orange',
  Rejected: 'red',
  Retract: 'grape',
  Scheduled: 'indigo',
  Published: 'green',
};

/** An article's status as a coloured badge; 'new' for one not saved yet. */
export function ArticleStatusBadge({ status }: { status: ArticleStatus | 'new' }) {
  if (status === 'new') {
    return (
      <Badge variant="outline" color="gray" miw="fit-content">
        New
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={COLORS[status]} miw="fit-content">
      {status}
    </Badge>
  );
}
