import { Accordion, Badge, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CategoryOption } from '../categories/api';
import { CategoryBox, type CategoryBoxState, CategoryLabel } from './CategoryBox';

/** The categories as a tree: the top-level ones, each category's children, and how many of a branch are checked. */
function useCategoryTree(categories: CategoryOption[], checked: ReadonlySet<string>) {
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

  return { roots, childrenOf, countIn };
}

/** The top-level categories as accordion items, each branch's children nested as checkboxes below it. */
export function CategoryAccordion({ categories, state }: { categories: CategoryOption[]; state: CategoryBoxState }) {
  const { roots, childrenOf, countIn } = useCategoryTree(categories, state.checked);

  // Branches that already hold menu items start open.
  const [opened, setOpened] = useState<string[]>(() =>
    roots.filter((root) => (childrenOf.get(root._id) ?? []).some((child) => countIn(child) > 0)).map((r) => r._id),
  );

  const nested = (parent: CategoryOption): React.ReactNode => {
    const children = childrenOf.get(parent._id) ?? [];
    if (children.length === 0) return null;
    return (
      <Stack gap={10} pl={28} mt={10}>
        {children.map((child) => (
          <div key={child._id}>
            <CategoryBox category={child} withLabel state={state} />
            {nested(child)}
          </div>
        ))}
      </Stack>
    );
  };

  return (
    <Accordion multiple variant="contained" value={opened} onChange={setOpened} chevronPosition="right">
      {roots.map((root) => {
        const hasChildren = (childrenOf.get(root._id)?.length ?? 0) > 0;
        if (!hasChildren) {
          return (
            <Accordion.Item key={root._id} value={root._id}>
              <Group px="md" py={14} wrap="nowrap">
                <CategoryBox category={root} withLabel state={state} />
              </Group>
            </Accordion.Item>
          );
        }
        const count = countIn(root);
        return (
          <Accordion.Item key={root._id} value={root._id}>
            <Group wrap="nowrap" gap={0} pl="md">
              <CategoryBox category={root} withLabel={false} state={state} />
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
  );
}
