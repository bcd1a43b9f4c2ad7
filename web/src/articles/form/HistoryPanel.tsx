import { Badge, Group, Paper, ScrollArea, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { ACTION_LABELS, STATUS_LABELS, type WorkflowAction } from '../../../../shared/workflow';
import { ListLoading, ListRetry } from '../../common/ListStates';
import { type HistoryEntry, useArticleHistory } from '../api';

/** Readable names of the fields a save changed. */
const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  type: 'type',
  categories: 'categories',
  user: 'author',
  description: 'description',
  canonicalUrl: 'canonical URL',
  seo: 'SEO',
  body: 'sections',
  image: 'cover image',
  imageAlt: 'alt tag',
  imageTitle: 'cover image title',
  publishDate: 'publish date',
  isSponsored: 'sponsored',
  tags: 'tags',
  videos: 'videos',
  gallery: 'gallery',
  status: 'status',
};

function actionLabel(action: string): string {
  if (action === 'create') return 'Created';
  if (action === 'publisher') return 'Published on schedule';
  if (action === 'restore') return 'Restored a revision';
  if (action === 'discard') return 'Discarded the unpublished changes';
  return ACTION_LABELS[action as WorkflowAction] ?? action;
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const changed = entry.changed.filter((f) => f !== 'status').map((f) => FIELD_NAMES[f] ?? f);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {actionLabel(entry.action)}
        </Text>
        <Text size="sm" c="dimmed">
          by {entry.by?.name ?? (entry.action === 'publisher' ? 'the scheduler' : 'someone')}
        </Text>
      </Group>
      <Group gap={6} wrap="wrap">
        {entry.from && entry.from !== entry.to ? (
          <>
            <Badge size="xs" variant="light" color="gray">
              {STATUS_LABELS[entry.from]}
            </Badge>
            <Text size="xs" c="dimmed" aria-label="to">
              →
            </Text>
          </>
        ) : null}
        <Badge size="xs" variant="light">
          {STATUS_LABELS[entry.to]}
        </Badge>
      </Group>
      {entry.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Note: {entry.note}
        </Text>
      )}
      {changed.length > 0 && (
        <Text size="xs" c="dimmed">
          Changed: {changed.join(', ')}
        </Text>
      )}
    </Stack>
  );
}

/** The article's audit trail (newest first): who did what when, the status move and the fields changed. */
export function HistoryPanel({ articleId }: { articleId: string }) {
  const { data, error, isLoading, isValidating, mutate } = useArticleHistory(articleId);
  const list = data?.list ?? [];

  let body: ReactNode = null;
  if (data && list.length > 0) {
    body = (
      <ScrollArea.Autosize mah={480} type="auto" offsetScrollbars>
        <Timeline bulletSize={12} lineWidth={2} active={-1} pr="xs">
          {list.map((entry) => (
            <Timeline.Item
              key={entry._id}
              title={
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                </Text>
              }
            >
              <Entry entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      </ScrollArea.Autosize>
    );
  } else if (data) {
    body = (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  } else if (error) {
    body = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
  } else if (isLoading) {
    body = <ListLoading label="Loading the history…" />;
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="article-history">
      <Group gap={8} mb="md">
        <IconHistory size={18} color="var(--mantine-color-gray-6)" />
        <Title order={2} fz="md" id="article-history">
          History
        </Title>
        {data && data.total > list.length && (
          <Text size="xs" c="dimmed">
            latest {list.length} of {data.total}
          </Text>
        )}
      </Group>
      {body}
    </Paper>
  );
}
