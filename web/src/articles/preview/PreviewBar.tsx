import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/format';
import type { ArticleDetail } from '../api';
import { ArticleStatusBadge } from '../form/ArticleStatusBadge';
import { editPathFor } from '../form/paths';
import { hasPendingChanges } from '../safety-net/edited-article';

/** Above the preview: what it is (type, status, unpublished changes, last saved), Refresh and Edit. */
export function PreviewBar({ article, onRefresh }: { article: ArticleDetail; onRefresh: () => void }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge variant="filled" color="dark" radius="sm">
            Preview
          </Badge>
          <Badge variant="light" color="gray" radius="sm">
            {article.type}
          </Badge>
          <ArticleStatusBadge status={article.status} />
          {hasPendingChanges(article) && (
            <Badge variant="light" color="orange" radius="sm" tt="none">
              Unpublished changes: readers still see the published version
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            Last saved {formatDateTime(article.draft?.at ?? article.updatedAt)}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onRefresh}>
            Refresh
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={editPathFor(article.type, article._id)}
            leftSection={<IconPencil size={14} />}
          >
            Edit
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
