import { Group } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { IconAction } from '../common/IconAction';
import { EditRowAction } from '../common/RowAction';
import type { useRemoveAction } from '../common/trash/use-remove-action';
import type { CategoryNode } from './api';

interface CategoryRowActionsProps {
  category: CategoryNode;
  /** On a phone: icons with tooltips, so the row keeps its room for the name. */
  compact: boolean;
  /** Why the user may not edit, or null. */
  noEdit: string | null;
  onEdit: () => void;
  remove: ReturnType<typeof useRemoveAction<CategoryNode>>;
}

/** A category row's Edit and Remove. */
export function CategoryRowActions({ category, compact, noEdit, onEdit, remove }: CategoryRowActionsProps) {
  if (compact) {
    return (
      // A phone keeps the row's room for the name: the actions are icons with tooltips.
      <Group gap={2} wrap="nowrap">
        <IconAction
          tip={noEdit ?? 'Edit'}
          label={`Edit ${category.name}`}
          icon={<IconEdit size={17} />}
          color="brand"
          disabled={noEdit !== null}
          onClick={onEdit}
        />
        {remove.canRemove && (
          <IconAction
            tip="Remove (move to the trash)"
            label={`Remove ${category.name}`}
            icon={<IconTrash size={17} />}
            color="red"
            onClick={() => remove.ask(category)}
          />
        )}
      </Group>
    );
  }
  return (
    <Group gap={2} wrap="nowrap">
      <EditRowAction name={category.name} onClick={onEdit} disabledReason={noEdit} />
      {remove.action(category)}
    </Group>
  );
}
