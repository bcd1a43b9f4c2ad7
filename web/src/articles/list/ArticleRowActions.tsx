import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconCheck, IconEdit, IconExternalLink, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ACTION_LABELS } from '../../../../shared/workflow';
import { useIsNarrow } from '../../common/use-narrow';
import type { ArticleRow } from '../api';
import { previewPathFor } from '../form/paths';
import { ACTION_COLORS, editPathFor, type ListAction } from './article-row';

const ACTION_ICONS: Record<ListAction, (size: number) => ReactNode> = {
  publish: (size) => <IconSend size={size} />,
  approve: (size) => <IconCheck size={size} />,
  reject: (size) => <IconX size={size} />,
};

export interface ArticleRowActionsProps {
  row: ArticleRow;
  canEdit: boolean;
  actions: readonly ListAction[];
  onAction: (row: ArticleRow, action: ListAction) => void;
  /** Remove (move to the trash), for those who hold Remove on articles. */
  onRemove?: (row: ArticleRow) => void;
  /** The list's Compact density: the labelled actions and the icons on one line, so a row stays one line high. */
  compact?: boolean;
}

interface ActionSpec {
  key: string;
  /** Spelled out on the wide table too. */
  labelled?: boolean;
  label: string;
  hint: string;
  icon: (size: number) => ReactNode;
  color?: string;
  to?: string;
  onClick?: () => void;
}

/**
 * Edit (when this user may), the status actions CONTRACT.md §4 gives the row, Preview in a new tab, and Remove (to the
 * trash). The status actions are always labelled buttons (Approve and Reject side by side must not be told apart by an
 * icon); on the wide table Edit, Preview and Remove are icons with tooltips, and the narrow cards spell them out.
 */
export function ArticleRowActions({ row, canEdit, actions, onAction, onRemove, compact }: ArticleRowActionsProps) {
  const narrow = useIsNarrow();
  const title = row.title || 'Untitled';
  const specs: ActionSpec[] = [];
  if (canEdit)
    specs.push({
      key: 'edit',
      label: 'Edit',
      hint: 'Edit',
      icon: (size) => <IconEdit size={size} />,
      to: editPathFor(row),
    });
  for (const action of actions)
    specs.push({
      labelled: true,
      key: action,
      label: ACTION_LABELS[action],
      hint: ACTION_LABELS[action],
      icon: ACTION_ICONS[action],
      color: ACTION_COLORS[action],
      onClick: () => onAction(row, action),
    });
  specs.push({
    key: 'preview',
    label: 'Preview',
    hint: 'Preview in a new tab',
    icon: (size) => <IconExternalLink size={size} />,
    color: 'gray',
    to: previewPathFor(row._id),
  });
  if (onRemove)
    specs.push({
      key: 'remove',
      label: 'Remove',
      hint: 'Remove (move to the trash)',
      icon: (size) => <IconTrash size={size} />,
      color: 'red',
      onClick: () => onRemove(row),
    });

  const render = (spec: ActionSpec) => {
    const ariaLabel = `${spec.label} ${title}`;
    // Preview opens in a new tab; React Router's Link leaves target="_blank" to the browser.
    const newTab = spec.key === 'preview' ? { target: '_blank', rel: 'noopener' } : {};
    if (narrow || spec.labelled) {
      const common = {
        variant: narrow ? 'subtle' : 'light',
        // Compact rows keep every action on one line: at the smaller size Publish, Approve and Reject with the icons
        // leave the headline its room at 1440 px, where at the row's usual size they squeezed it and cut the icons.
        size: compact && !narrow ? 'compact-xs' : 'compact-sm',
        color: spec.color,
        leftSection: narrow ? spec.icon(15) : undefined,
        'aria-label': ariaLabel,
      } as const;
      return spec.to ? (
        <Button key={spec.key} {...common} component={Link} to={spec.to} {...newTab}>
          {spec.label}
        </Button>
      ) : (
        <Button key={spec.key} {...common} onClick={spec.onClick}>
          {spec.label}
        </Button>
      );
    }
    const common = { variant: 'subtle', color: spec.color, size: compact ? 24 : 28, 'aria-label': ariaLabel } as const;
    const iconSize = compact ? 16 : 17;
    return (
      <Tooltip key={spec.key} label={spec.hint} withArrow openDelay={150}>
        {spec.to ? (
          <ActionIcon {...common} component={Link} to={spec.to} {...newTab}>
            {spec.icon(iconSize)}
          </ActionIcon>
        ) : (
          <ActionIcon {...common} onClick={spec.onClick}>
            {spec.icon(iconSize)}
          </ActionIcon>
        )}
      </Tooltip>
    );
  };

  const labelled = specs.filter((spec) => spec.labelled);
  if (narrow || labelled.length === 0) return specs.map(render);
  if (compact)
    return (
      <Group gap={4} wrap="nowrap">
        {labelled.map(render)}
        {specs.filter((spec) => !spec.labelled).map(render)}
      </Group>
    );
  // On the wide table the status actions sit on their own line above the icons, so the column stays narrow.
  return (
    <Stack gap={4} align="flex-end">
      <Group gap={4} wrap="nowrap">
        {labelled.map(render)}
      </Group>
      <Group gap={2} wrap="nowrap">
        {specs.filter((spec) => !spec.labelled).map(render)}
      </Group>
    </Stack>
  );
}
