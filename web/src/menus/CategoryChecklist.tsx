import { ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { CategoryOption } from '../categories/api';
import { categoryPath } from '../categories/category-tree';
import { CategoryAccordion } from './CategoryAccordion';
import { CategoryBox, type CategoryBoxState } from './CategoryBox';

export interface CategoryChecklistProps extends CategoryBoxState {
  categories: CategoryOption[];
}

/**
 * CONTRACT.md §2 Menu editor, left: an accordion of the top-level categories, each with its children nested as
 * checkboxes.
 */
export function CategoryChecklist({ categories, checked, onToggle, fullReason }: CategoryChecklistProps) {
  const [filter, setFilter] = useState('');
  const state: CategoryBoxState = { checked, onToggle, fullReason };
  const query = filter.trim().toLowerCase();

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
          <CategoryMatches categories={categories} query={query} state={state} />
        ) : (
          <CategoryAccordion categories={categories} state={state} />
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The categories whose name holds the query, each with its path when it has a parent. */
function CategoryMatches(props: { categories: CategoryOption[]; query: string; state: CategoryBoxState }) {
  const { categories, query, state } = props;
  const matches = categories.filter((c) => c.name.toLowerCase().includes(query));
  return (
    <Stack gap={10} p="xs">
      {matches.length === 0 && (
        <Text size="sm" c="dimmed">
          No category matches.
        </Text>
      )}
      {matches.map((category) => (
        <div key={category._id}>
          <CategoryBox category={category} withLabel state={state} />
          {category.parent && (
            <Text size="xs" c="dimmed" pl={32}>
              {categoryPath(categories, category._id)}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}
