import { Accordion, Badge, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { CategoryOption } from '../categories/api';
import { categoryPath } from '../categories/category-tree';

export interface CategoryChecklistProps {
  categories: CategoryOption[];
  /** The ids of the categories in the menu. */
  checked: ReadonlySet<string>;
  onToggle: (category: CategoryOption, checked: boolean) => void;
  /** Set when the menu is full: unchecked boxes are disabled with this reason. */
  fullReason?: string;
}

/**
 * CONTRACT.md §2 Menu editor, left: an accordion of the top-level categories, each with its children nested as
 * checkboxes.
 */
export function CategoryChecklist({ categories, checked, onToggle, fullReason }: CategoryChecklistProps) {
  const [filter, setFilter] = useState('');
  const { roots, childrenOf } = useMemo(() => {
    const ids = new Set(categories.map((c) => c._id));
    const childrenOf = new Map<string, CategoryOption[]>();
    const roots: CategoryOption[] = [];
    for (const category of categories) {
      if (category.parent && ids.has(category.parent)) {
        childrenOf.set(category.parent, [...(childrenOf.get(category.parent) ?? []), category]);
      } else roots.push(category);
    }
    return { roots, childrenOf };
  }, [categories]);

  /** How many categories of a branch (the root included) are in the menu. */
  const countIn = (category: CategoryOption): number =>
    (checked.has(category._id) ? 1 : 0) +
    (childrenOf.get(category._id) ?? []).reduce((sum, child) => sum + countIn(child), 0);

  // Branches that already hold menu items start open.
  const [opened, setOpened] = useState<string[]>(() =>
    roots.filter((root) => (childrenOf.get(root._id) ?? []).some((child) => countIn(child) > 0)).map((r) => r._id),
  );

  const box = (category: CategoryOption, withLabel: boolean) => {
    const isChecked = checked.has(category._id);
    const disabled = !isChecked && fullReason !== undefined;
    return (
      <Checkbox
        key={category._id}
        label={withLabel ? <CategoryLabel category={category} /> : undefined}
        aria-label={withLabel ? undefined : category.name}
        checked={isChecked}
        disabled={disabled}
        title={disabled ? fullReason : undefined}
        onChange={(event) => onToggle(category, event.currentTarget.checked)}
      />
    );
  };

  const nested = (parent: CategoryOption): React.ReactNode => {
    const children = childrenOf.get(parent._id) ?? [];
    if (children.length === 0) return null;
    return (
      <Stack gap={10} pl={28} mt={10}>
        {children.map((child) => (
          <div key={child._id}>
            {box(child, true)}
            {nested(child)}
          </div>
        ))}
      </Stack>
    );
  };

  const query = filter.trim().toLowerCase();
  const matches = query ? categories.filter((c) => c.name.toLowerCase().includes(query)) : [];

  return (
    <Stack gap="sm">
      <TextInput
        placeholder="Find a category"
        aria-label="Find a category"
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={560} type="auto">
        {query ? (
          <Stack gap={10} p="xs">
            {matches.length === 0 && (
              <Text size="sm" c="dimmed">
                No category matches.
              </Text>
            )}
            {matches.map((category) => (
              <div key={category._id}>
                {box(category, true)}
                {category.parent && (
                  <Text size="xs" c="dimmed" pl={32}>
                    {categoryPath(categories, category._id)}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        ) : (
          <Accordion multiple variant="contained" value={opened} onChange={setOpened} chevronPosition="right">
            {roots.map((root) => {
              const hasChildren = (childrenOf.get(root._id)?.length ?? 0) > 0;
              if (!hasChildren) {
                return (
                  <Accordion.Item key={root._id} value={root._id}>
                    <Group px="md" py={14} wrap="nowrap">
                      {box(root, true)}
                    </Group>
                  </Accordion.Item>
                );
              }
              const count = countIn(root);
              return (
                <Accordion.Item key={root._id} value={root._id}>
                  <Group wrap="nowrap" gap={0} pl="md">
                    {box(root, false)}
                    <Accordion.Control pl="sm" aria-label={`${root.name} subcategories`}>
                      <Group gap={6} wrap="nowrap">
                        <CategoryLabel category={root} />
                        {count > 0 && (
                          <Badge size="xs" variant="light" circle>
                            {count}
                          </Badge>
                        )}
                      </Group>
                    </Accordion.Control>
                  </Group>
                  <Accordion.Panel>{nested(root)}</Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

function CategoryLabel({ category }: { category: CategoryOption }) {
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
