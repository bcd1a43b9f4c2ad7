import { Badge, Checkbox, Group, Text } from '@mantine/core';
import type { CategoryOption } from '../categories/api';

/** What every box of the checklist needs: the menu's categories, the toggle, and why unchecked ones are disabled. */
export interface CategoryBoxState {
  /** The ids of the categories in the menu. */
  checked: ReadonlySet<string>;
  onToggle: (category: CategoryOption, checked: boolean) => void;
  /** Set when the menu is full: unchecked boxes are disabled with this reason. */
  fullReason?: string;
}

/** One category's checkbox: labelled with its name, or named only for screen readers beside an accordion control. */
export function CategoryBox({
  category,
  withLabel,
  state,
}: {
  category: CategoryOption;
  withLabel: boolean;
  state: CategoryBoxState;
}) {
  const isChecked = state.checked.has(category._id);
  const disabled = !isChecked && state.fullReason !== undefined;
  return (
    <Checkbox
      label={withLabel ? <CategoryLabel category={category} /> : undefined}
      aria-label={withLabel ? undefined : category.name}
      checked={isChecked}
      disabled={disabled}
      title={disabled ? state.fullReason : undefined}
      onChange={(event) => state.onToggle(category, event.currentTarget.checked)}
    />
  );
}

export function CategoryLabel({ category }: { category: CategoryOption }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
        {category.name}
      </Text>
      {!category.active && (
        <Badge size="xs" color="gray" variant="outline" component="span">
          Inactive
        </Badge>
      )}
    </Group>
  );
}
