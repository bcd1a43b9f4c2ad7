import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ArticleStatus } from '../../../../shared/constants';
import {
  ACTION_LABELS,
  allowedActions,
  type EditorKind,
  type WorkflowAction,
  workflowRoleOf,
} from '../../../../shared/workflow';
import { useIsNarrow } from '../../common/use-narrow';
import { useSession } from '../../session/session-context';
import { ArticleStatusBadge } from './ArticleStatusBadge';
import { actionHint, actionLabel, publishIntent } from './publish-intent';

export interface WorkflowBarProps {
  status: ArticleStatus | 'new';
  kind: EditorKind;
  /** A save is on its way: every button waits. */
  busy?: boolean;
  /** Which button started it (its spinner turns). */
  pending?: WorkflowAction | 'preview' | null;
  onAction: (action: WorkflowAction) => void;
  onCancel: () => void;
  onPreview?: () => void;
  labels?: Partial<Record<WorkflowAction, string>>;
  /** The actions this editor offers, in this order; the table still decides which of them apply. */
  show?: WorkflowAction[];
  /** Someone else holds the edit lock: no action buttons (Cancel and Preview stay). */
  readOnly?: boolean;
  /** A live article's saved changes readers do not see yet: "Published · unpublished changes". */
  pendingChanges?: boolean;
  /** More buttons before the actions (Discard changes). */
  extra?: ReactNode;
  /** The form's publish date (null: publish immediately) and the stored one: Publish reads Schedule for a date to come. */
  publishDate?: string | null;
  storedDate?: string | null;
}

/** The filled button: the one that moves the article forward. */
const PRIMARY: readonly WorkflowAction[] = ['publish', 'approve'];
const DANGER: readonly WorkflowAction[] = ['retract', 'reject'];

/**
 * The editor's buttons, sticky at the bottom of the window: Cancel, Preview and the actions the status
 * machine allows this user from this status (CONTRACT.md §4), e.g. Save and Publish.
 */
export function WorkflowBar(props: WorkflowBarProps) {
  const { status, kind, busy = false, pending, onAction, onCancel, onPreview, labels, show } = props;
  const { readOnly = false, pendingChanges = false, extra, publishDate, storedDate } = props;
  const { user } = useSession();
  const narrow = useIsNarrow();
  const size = narrow ? 'xs' : 'sm';
  const role = workflowRoleOf(user);
  const allowed = allowedActions(status, role, kind);
  const actions = readOnly ? [] : (show ?? allowed).filter((action) => allowed.includes(action));
  const now = new Date();
  const intentOf = (action: WorkflowAction) =>
    publishIntent({ from: status, action, who: role, kind, publishDate, storedDate, now });
  const label = (action: WorkflowAction) =>
    actionLabel(intentOf(action), action, labels?.[action] ?? ACTION_LABELS[action]);
  // A live article with changes has up to six buttons, and a hint takes a button's room: on a narrow screen they
  // wrap rather than run off it.
  const hinted = actions.some((action) => actionHint(intentOf(action), action, kind) !== undefined);
  const crowded = actions.length + (extra ? 1 : 0) + (hinted ? 1 : 0) > 2;

  return (
    <Paper
      withBorder
      radius="md"
      p={narrow ? 'xs' : 'sm'}
      mt="xl"
      shadow="md"
      pos="sticky"
      bottom={12}
      style={{ zIndex: 5 }}
      role="toolbar"
      aria-label="Article actions"
    >
      {/* The status keeps its full width; on a narrow screen the buttons move under it when they do not fit. */}
      <Group justify="space-between" gap={narrow ? 6 : 'sm'} wrap="wrap">
        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            Status
          </Text>
          <ArticleStatusBadge status={status} />
          {pendingChanges && (
            <Badge variant="light" color="orange" tt="none" miw="fit-content" visibleFrom="xs">
              · unpublished changes
            </Badge>
          )}
        </Group>
        <Group
          gap={narrow ? 6 : 'sm'}
          justify="flex-end"
          wrap={narrow && !crowded ? 'nowrap' : 'wrap'}
          style={{ flex: '1 1 auto' }}
        >
          <Button variant="default" size={size} onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {onPreview &&
            (narrow ? (
              <Tooltip label="Preview" withArrow>
                <ActionIcon
                  variant="default"
                  size={30}
                  aria-label="Preview"
                  onClick={onPreview}
                  loading={pending === 'preview'}
                  disabled={busy && pending !== 'preview'}
                >
                  <IconEye size={16} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button
                variant="default"
                size={size}
                leftSection={<IconEye size={16} />}
                onClick={onPreview}
                loading={pending === 'preview'}
                disabled={busy && pending !== 'preview'}
              >
                Preview
              </Button>
            ))}
          {extra}
          {actions.map((action) => {
            // What the label does not say (Save publishes, Publish sends for review), beside the button, which
            // it describes for screen readers; a tooltip would not show on a touch screen.
            const hint = actionHint(intentOf(action), action, kind);
            const hintId = `workflow-hint-${action}`;
            const button = (
              <Button
                key={action}
                aria-describedby={hint ? hintId : undefined}
                size={size}
                variant={PRIMARY.includes(action) ? 'filled' : DANGER.includes(action) ? 'light' : 'default'}
                color={DANGER.includes(action) ? 'red' : undefined}
                onClick={() => onAction(action)}
                loading={pending === action}
                disabled={busy && pending !== action}
              >
                {label(action)}
              </Button>
            );
            return hint ? (
              <Group key={action} gap={6} wrap="nowrap">
                <Text id={hintId} size="xs" c="dimmed" ta="right" maw={narrow ? 120 : 200} lh={1.3}>
                  {hint}
                </Text>
                {button}
              </Group>
            ) : (
              button
            );
          })}
        </Group>
      </Group>
    </Paper>
  );
}
