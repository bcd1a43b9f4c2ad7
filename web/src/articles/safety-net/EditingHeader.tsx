import { Badge, Drawer, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconHistory, IconLoader2, IconPencil } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { ArticleStatus } from '../../../../shared/constants';
import { STATUS_LABELS } from '../../../../shared/workflow';
import { SmallButton } from '../../common/SmallButton';
import { useIsNarrow } from '../../common/use-narrow';
import { ArticleStatusBadge } from '../form/ArticleStatusBadge';
import classes from './EditingHeader.module.css';
import type { DraftStatus } from './editor-machine';
import type { RevisionsPanelProps } from './RevisionsPanel';
import { clockTime } from './restore-offer';
import { statsLabel, type TextStats } from './text-stats';

// The diff code (jsdiff) comes with the panel, only when it is opened.
const RevisionsPanel = lazy(() => import('./RevisionsPanel'));

export interface SaveStatusProps {
  state: DraftStatus;
  dirty: boolean;
  isNew: boolean;
  sentAt: string | null;
}

const SAVE_TEXT: Record<DraftStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  offline: 'Offline — changes kept on this device',
};

/** Where the user's typing is: saved (in the article, or as their autosave), on its way, or only on this device. */
export function SaveStatus({ state, dirty, isNew, sentAt }: SaveStatusProps) {
  let text = SAVE_TEXT[state];
  let hint = 'Everything is saved.';
  if (isNew && state !== 'offline') {
    text = dirty ? 'Not saved yet — kept on this device' : 'Not saved yet';
    hint = 'A new article is kept on this device until its first save.';
  } else if (state === 'saved' && dirty) {
    hint = `Your changes are autosaved${sentAt ? ` (${clockTime(sentAt)})` : ''}; readers do not see them. Save to put them in the article.`;
  } else if (state === 'unsaved') {
    hint = 'Autosaved a few seconds after you stop typing.';
  } else if (state === 'offline') {
    hint = 'Sent as your autosave when the network is back.';
  }
  const icon =
    state === 'offline' ? (
      <IconCloudOff size={16} />
    ) : state === 'saving' ? (
      <IconLoader2 size={16} />
    ) : state === 'unsaved' || (isNew && dirty) ? (
      <IconPencil size={16} />
    ) : (
      <IconCloudCheck size={16} />
    );
  return (
    <Tooltip label={hint} withArrow multiline w={260}>
      <Group
        gap={4}
        wrap="nowrap"
        role="status"
        aria-live="polite"
        aria-label={`Save status: ${text}`}
        c={state === 'offline' ? 'orange.8' : 'dimmed'}
        style={{ minWidth: 0 }}
      >
        {icon}
        <Text size="sm" c="inherit">
          {text}
        </Text>
      </Group>
    </Tooltip>
  );
}

export interface EditingHeaderProps {
  status: ArticleStatus | 'new';
  pendingChanges: boolean;
  stats: TextStats;
  save: SaveStatusProps;
  /** The article's revisions, when it exists. */
  revisions?: Omit<RevisionsPanelProps, 'onClose'>;
  readOnly: boolean;
}

/** The strip above an editor's form: status, words and reading time, the save state, and the revisions. */
export function EditingHeader({ status, pendingChanges, stats, save, revisions, readOnly }: EditingHeaderProps) {
  const [open, setOpen] = useState(false);
  const narrow = useIsNarrow();
  let panel: ReactNode = null;
  if (revisions && open) {
    panel = (
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the revisions" />}>
        <RevisionsPanel {...revisions} onClose={() => setOpen(false)} />
      </Suspense>
    );
  }
  return (
    <Paper withBorder radius="md" px="md" py={8} className={classes.header} aria-label="Editing status" role="region">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          {pendingChanges && status !== 'new' ? (
            <Badge variant="light" color="orange" tt="none" miw="fit-content">
              {STATUS_LABELS[status]} · unpublished changes
            </Badge>
          ) : (
            <ArticleStatusBadge status={status} />
          )}
          {readOnly && (
            <Badge variant="outline" color="gray" tt="none">
              Read-only
            </Badge>
          )}
          <Text size="sm" c="dimmed" aria-label="Length">
            {statsLabel(stats)}
          </Text>
        </Group>
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          {!readOnly && <SaveStatus {...save} />}
          {revisions && (
            <SmallButton variant="default" icon={IconHistory} onClick={() => setOpen(true)}>
              Revisions
            </SmallButton>
          )}
        </Group>
      </Group>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        size={narrow ? '100%' : 720}
        title="Revisions"
        padding="md"
      >
        {panel}
      </Drawer>
    </Paper>
  );
}

/** Wraps an editor's fields: when read-only, every control inside is disabled at once. */
export function EditingFieldset({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} className={classes.fieldset}>
      {children}
    </fieldset>
  );
}
