import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ARTICLE_RESOURCE, canAccess } from '../../../shared/permissions';
import { useNotificationCount } from '../articles/api';
import { useSession } from '../session/session-context';

/** The article list showing only what waits for review. */
export const NEED_REVIEW_LINK = `/article?status=${encodeURIComponent('Need Review')}`;

function reviewText(count: number): string {
  if (count === 0) return 'No articles need review';
  return count === 1 ? '1 article needs review' : `${count} articles need review`;
}

/** The header's bell: how many articles wait in Need Review (GET /cms/notification), linking to them. */
export function NotificationBell() {
  const { user } = useSession();
  const allowed = canAccess(user, ARTICLE_RESOURCE, ['Read']);
  const { data } = useNotificationCount(allowed);
  if (!allowed) return null;

  const count = data?.count ?? 0;
  const text = reviewText(count);
  return (
    <Indicator
      label={count}
      maxValue={99}
      disabled={count === 0}
      size={18}
      offset={7}
      color="red"
      inline
      zIndex={1}
      styles={{ indicator: { fontSize: 11, fontWeight: 700, paddingInline: 5 } }}
    >
      {/* Drawn beside the bell, inside the header landmark, rather than at the end of the page. */}
      <Tooltip label={text} withArrow withinPortal={false}>
        <ActionIcon
          component={Link}
          to={NEED_REVIEW_LINK}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Notifications: ${text}`}
          data-count={count}
        >
          <IconBell size={21} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    </Indicator>
  );
}
