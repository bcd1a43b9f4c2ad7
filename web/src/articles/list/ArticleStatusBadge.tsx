import { Badge, Stack, Tooltip } from '@mantine/core';
import type { ArticleStatus } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/format';
import type { PendingChanges } from '../../../../shared/schemas/article-record';
import { isLate, STATUS_LABELS } from '../../../../shared/workflow';
import { WHOLE_BADGE_LABEL } from '../../common/StatusBadge';
import { pendingChangesHint, STATUS_COLORS } from './article-row';

export interface ArticleStatusBadgeProps {
  status: ArticleStatus;
  publishDate: string | null;
  now: Date;
  /** Cards put the badge at the right edge. */
  align?: 'flex-start' | 'flex-end';
  /** A live article's saved, unpublished changes: a second badge says so. */
  pendingChanges?: PendingChanges | null;
}

/**
 * The status in its colour, plus a red Late when a Scheduled article has waited past its time (publisher down?),
 * and 'Unpublished changes' when a live article has saved changes the site does not show yet.
 */
export function ArticleStatusBadge(props: ArticleStatusBadgeProps) {
  const { status, publishDate, now, align = 'flex-start', pendingChanges } = props;
  const late = isLate({ status, publishDate }, now);
  return (
    <Stack gap={4} align={align} style={{ flexShrink: 0 }}>
      <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" styles={WHOLE_BADGE_LABEL}>
        {STATUS_LABELS[status]}
      </Badge>
      {late && (
        <Tooltip
          label={`Due at ${formatDateTime(publishDate)} and not published yet; the publisher runs every minute`}
          withArrow
          multiline
          maw={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge color="red" variant="filled" styles={WHOLE_BADGE_LABEL} tabIndex={0}>
            Late
          </Badge>
        </Tooltip>
      )}
      {pendingChanges && <PendingChangesBadge pendingChanges={pendingChanges} />}
    </Stack>
  );
}

/** 'Unpublished changes': a live article has saved changes the site does not show yet; who and when on hover. */
export function PendingChangesBadge({ pendingChanges }: { pendingChanges: PendingChanges }) {
  return (
    <Tooltip
      label={pendingChangesHint(pendingChanges)}
      withArrow
      multiline
      maw={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge color="orange" variant="outline" size="xs" styles={WHOLE_BADGE_LABEL} tabIndex={0}>
        Unpublished changes
      </Badge>
    </Tooltip>
  );
}
