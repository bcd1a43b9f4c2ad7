import { Badge } from '@mantine/core';
import type { ArticleStatus } from '../../../../shared/constants';
import { STATUS_LABELS } from '../../../../shared/workflow';
import { STATUS_COLORS } from '../list/article-row';

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
    <Badge variant="light" color={STATUS_COLORS[status]} miw="fit-content">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
