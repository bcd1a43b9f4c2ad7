import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconCheck, IconEdit, IconExternalLink, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ACTION_LABELS } from '../../../../shared/workflow';
import { useIsNarrow } from '../../common/use-narrow';
import type { ArticleRow } from '../api';
import { previewPathFor } from '../editor/kit/paths';
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
}

interface ActionSpec {
  key: string;
  label: string;
  hint: string;
  icon: (size: number) => ReactNode;
  color?: string;
  to?: string;
  onClick?: () => void;
}

/**
 * Edit (when this user may), the status actions SPEC §4 gives the row, Preview in a new tab, and Remove (issue 15).
 * The wide table has eight columns already, so there they are icons with tooltips; the narrow cards spell them out.
 */
export function ArticleRowActions({ row, canEdit, actions, onAction, onRemove }: ArticleRowActionsProps) {
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

  return specs.map((spec) => {
    const ariaLabel = `${spec.label} ${title}`;
    // Preview opens in a new tab; React Router's Link leaves target="_blank" to the browser.
    const newTab = spec.key === 'preview' ? { target: '_blank', rel: 'noopener' } : {};
    if (narrow) {
      const common = {
        variant: 'subtle',
        size: 'compact-sm',
        color: spec.color,
        leftSection: spec.icon(15),
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
    const common = { variant: 'subtle', color: spec.color, size: 28, 'aria-label': ariaLabel } as const;
    return (
      <Tooltip key={spec.key} label={spec.hint} withArrow openDelay={150}>
        {spec.to ? (
          <ActionIcon {...common} component={Link} to={spec.to} {...newTab}>
            {spec.icon(17)}
          </ActionIcon>
        ) : (
          <ActionIcon {...common} onClick={spec.onClick}>
            {spec.icon(17)}
          </ActionIcon>
        )}
      </Tooltip>
    );
  });
}
