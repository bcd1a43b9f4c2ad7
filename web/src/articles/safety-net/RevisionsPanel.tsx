/**
 * The revisions of an article, loaded lazily with the diff code: every Save and Publish, newest first;
 * one opened shows what differs from the editor's content now, inline or side by side, and can be restored (a
 * normal save of its content at the current version, itself a new revision).
 */
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconRestore } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { STATUS_LABELS } from '../../../../shared/workflow';
import { apiKey, useApi } from '../../api/use-api';
import { useCategoryList } from '../../categories/api';
import { ListLoading, ListRetry } from '../../common/ListStates';
import { SmallButton } from '../../common/SmallButton';
import { type RevisionSummary, useRevisions } from '../api';
import { type DiffNames, type DiffSource, revisionDiff } from './field-diff';
import { type DiffMode, RevisionDiff } from './RevisionDiff';

export interface RevisionsPanelProps {
  articleId: string;
  /** The editor's content now, as the API's fields. */
  current: () => DiffSource;
  /** Names for the author and files (categories are read here). */
  names: DiffNames;
  /** Whether Restore is offered (this editor may write). */
  canRestore: boolean;
  /** Restores it; true when it was (the panel then closes). */
  onRestore: (revision: RevisionSummary) => Promise<boolean>;
  onClose: () => void;
}

const ACTIONS: Record<string, string> = {
  create: 'Created',
  save: 'Saved',
  draft: 'Saved as draft',
  publish: 'Published',
  approve: 'Approved',
  reject: 'Rejected',
  retract: 'Retracted',
  restore: 'Restored',
  publisher: 'Published on schedule',
};

const actionLabel = (action: string) => ACTIONS[action] ?? action.charAt(0).toUpperCase() + action.slice(1);

function Summary({ revision }: { revision: RevisionSummary }) {
  return (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          Revision {revision.number}
        </Text>
        <Text size="sm">{actionLabel(revision.action)}</Text>
        {revision.live && (
          <Badge size="xs" color="green" variant="light">
            Live
          </Badge>
        )}
        <Badge size="xs" color="gray" variant="outline" tt="none">
          {STATUS_LABELS[revision.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(revision.at)} by {revision.by?.name ?? 'someone'}
      </Text>
      <Text size="xs" truncate>
        {revision.title}
      </Text>
    </Stack>
  );
}

export default function RevisionsPanel(props: RevisionsPanelProps) {
  const [opened, setOpened] = useState<RevisionSummary | null>(null);
  if (opened) return <OpenRevision {...props} revision={opened} onBack={() => setOpened(null)} />;
  return <RevisionList articleId={props.articleId} onOpen={setOpened} />;
}

function RevisionList({ articleId, onOpen }: { articleId: string; onOpen: (revision: RevisionSummary) => void }) {
  const { data, error, isLoading, isValidating, mutate } = useRevisions(articleId);
  if (error) return <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
  if (isLoading || !data) return <ListLoading label="Loading the revisions…" />;
  if (data.list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No revisions yet: each Save and Publish keeps one.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Revisions">
      {data.list.map((revision) => (
        <Paper key={revision.number} component="li" withBorder radius="sm" p="sm">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Summary revision={revision} />
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onOpen(revision)}
              aria-label={`Open revision ${revision.number}`}
            >
              Open
            </Button>
          </Group>
        </Paper>
      ))}
      {data.total > data.list.length && (
        <Text size="xs" c="dimmed">
          The latest {data.list.length} of {data.total} revisions.
        </Text>
      )}
    </Stack>
  );
}

interface OpenRevisionProps extends RevisionsPanelProps {
  revision: RevisionSummary;
  onBack: () => void;
}

function OpenRevision({
  articleId,
  revision,
  current,
  names,
  canRestore,
  onRestore,
  onClose,
  onBack,
}: OpenRevisionProps) {
  const key = apiKey('GET /cms/{id}/revisions/{number}', {
    params: { id: articleId, number: String(revision.number) },
  });
  const { data, error, isValidating, mutate } = useApi(key, { revalidateOnFocus: false });
  const { data: categories } = useCategoryList();
  const [mode, setMode] = useState<DiffMode>('inline');
  const [restoring, setRestoring] = useState(false);

  const diffs = useMemo(() => {
    if (!data) return [];
    const byId = new Map((categories ?? []).map((c) => [c._id, c.name]));
    const files = (id: string) => data.media[id]?.name ?? names.file?.(id);
    return revisionDiff(data.fields, current(), { ...names, category: (id) => byId.get(id), file: files });
  }, [data, categories, current, names]);

  const restore = () =>
    modals.openConfirmModal({
      title: `Restore revision ${revision.number}?`,
      children: (
        <Text size="sm">
          Its content is saved over the article as it is now (a live article keeps it as unpublished changes). The
          current content stays in the revisions, so this can be undone.
        </Text>
      ),
      labels: { confirm: 'Restore this revision', cancel: 'Cancel' },
      centered: true,
      onConfirm: () => {
        setRestoring(true);
        void onRestore(revision)
          .then((restored) => {
            if (restored) onClose();
          })
          .finally(() => setRestoring(false));
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SmallButton color="gray" icon={IconArrowLeft} onClick={onBack}>
          All revisions
        </SmallButton>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(value) => setMode(value as DiffMode)}
          data={[
            { value: 'inline', label: 'Inline' },
            { value: 'side', label: 'Side by side' },
          ]}
          aria-label="How to show the differences"
        />
      </Group>
      <Paper withBorder radius="sm" p="sm" bg="var(--app-surface-subtle)">
        <Summary revision={revision} />
      </Paper>
      <Text size="sm" c="dimmed">
        What differs from the editor now: text only in revision {revision.number} is struck through, text only in the
        editor is underlined.
      </Text>
      {error ? <ListRetry onRetry={() => void mutate()} busy={isValidating} /> : null}
      {!data && !error ? <ListLoading label="Loading the revision…" /> : null}
      {data ? <RevisionDiff diffs={diffs} mode={mode} revisionLabel={`Revision ${revision.number}`} /> : null}
      {data && canRestore && (
        <Group justify="flex-end">
          <Button leftSection={<IconRestore size={16} />} onClick={restore} loading={restoring}>
            Restore this revision
          </Button>
        </Group>
      )}
    </Stack>
  );
}
