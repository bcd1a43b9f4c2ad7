import { Box, Button, Group, Image, List, Paper, Text, ThemeIcon, Tree } from '@mantine/core';
import { IconChevronRight, IconFolder } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ScreenProps } from '../app/screen';
import { CardMessage, ListEmpty, ListLoading, ListRetry } from '../common/ListStates';
import { CreateButton } from '../common/list/ListPage';
import { useEditModal } from '../common/list/use-edit-modal';
import { useListScreen } from '../common/list/use-list-screen';
import { PageHeader } from '../common/PageHeader';
import { WholeBadge } from '../common/StatusBadge';
import { TruncatedText } from '../common/TruncatedText';
import { TrashLink } from '../common/trash/TrashLink';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { useIsNarrow } from '../common/use-narrow';
import { WarningAlert } from '../common/WarningAlert';
import { type CategoryNode, useCategoryTree } from './api';
import { CategoryModal } from './CategoryModal';
import { CategoryRowActions } from './CategoryRowActions';
import classes from './CategoryTree.module.css';
import { useCategoryTreeView } from './use-category-tree-view';

/** CONTRACT.md §9: category tree rows are 60px high. */
const ROW_HEIGHT = 60;

/** CONTRACT.md §2 Manage Category: the category tree with an edit button per node, and Add Category. */
export function ManageCategoryPage({ title }: ScreenProps) {
  const { canCreate, noEdit } = useListScreen('Category', 'categories');
  const narrow = useIsNarrow();
  const { data, error, isLoading, isValidating, mutate } = useCategoryTree();
  const modal = useEditModal<CategoryNode>();
  const remove = useRemoveAction('Category', (category: CategoryNode) => category.name);
  const target = modal.target;
  const { byId, treeData, duplicates, tree, reveal, expandAll, collapseAll } = useCategoryTreeView(data);

  // The category as last read (a Reload after a conflict brings its new version), else as it was opened.
  const editing = target ? (byId.get(target._id) ?? target) : undefined;

  let state: ReactNode = null;
  if (treeData.length === 0) {
    if (error) state = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
    else if (isLoading || !data) state = <ListLoading label="Loading categories" />;
    else
      state = (
        <ListEmpty title="No categories yet">
          {canCreate ? 'Add the first one with Add Category.' : 'Nobody has added a category yet.'}
        </ListEmpty>
      );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={data && data.length > 0 ? `${byId.size} categories` : undefined}
        actions={
          <>
            <TrashLink resource="Category" listPath="/shop/catagory" />
            {canCreate && <CreateButton label="Add Category" onClick={modal.openAdd} />}
          </>
        }
      />
      {duplicates.length > 0 && noEdit === null && <DuplicateNames groups={duplicates} />}
      {state ? (
        <CardMessage>{state}</CardMessage>
      ) : (
        <Paper withBorder radius="md" p={{ base: 4, sm: 'xs' }}>
          {byId.size > treeData.length && (
            <Group justify="flex-end" gap={4} px="xs" pb={4}>
              <Button variant="subtle" size="compact-xs" color="gray" onClick={expandAll}>
                Expand all
              </Button>
              <Button variant="subtle" size="compact-xs" color="gray" onClick={collapseAll}>
                Collapse all
              </Button>
            </Group>
          )}
          <Tree
            data={treeData}
            tree={tree}
            levelOffset={narrow ? 18 : 28}
            expandOnSpace
            aria-label="Categories"
            classNames={{ label: classes.row }}
            renderNode={({ node, expanded, hasChildren, elementProps }) => {
              const category = byId.get(node.value);
              if (!category) return null;
              return (
                <CategoryRow
                  category={category}
                  expanded={expanded}
                  hasChildren={hasChildren}
                  elementProps={elementProps}
                  action={
                    <CategoryRowActions
                      category={category}
                      compact={narrow}
                      noEdit={noEdit}
                      onEdit={() => modal.openEdit(category)}
                      remove={remove}
                    />
                  }
                />
              );
            }}
          />
        </Paper>
      )}

      <CategoryModal
        opened={modal.opened}
        category={editing}
        onClose={modal.close}
        onSaved={reveal}
        reload={() => mutate()}
      />
      {remove.dialog}
    </>
  );
}

/**
 * Siblings sharing a name from before names were unique among them: listed for an admin to rename or merge (move
 * the articles to one, then remove the other). Until then a save of the newer one is refused.
 */
function DuplicateNames({ groups }: { groups: { key: string; paths: string[] }[] }) {
  return (
    <WarningAlert color="yellow" title="Duplicate names" mb="md" aria-label="Duplicate names">
      <Text size="sm" mb={4}>
        These categories share a name with a sibling (case and accents aside). Rename or merge them: the newer one
        cannot be saved until they differ.
      </Text>
      <List size="sm" spacing={2}>
        {groups.map((group) => (
          <List.Item key={group.key}>{group.paths.join(' · ')}</List.Item>
        ))}
      </List>
    </WarningAlert>
  );
}

interface CategoryRowProps {
  category: CategoryNode;
  expanded: boolean;
  hasChildren: boolean;
  elementProps: Record<string, unknown> & { style?: React.CSSProperties };
  action: ReactNode;
}

/** One 60px row: open/close chevron, image, name and slug, an Inactive badge, and the edit button. */
function CategoryRow({ category, expanded, hasChildren, elementProps, action }: CategoryRowProps) {
  return (
    <Box {...elementProps} style={{ ...elementProps.style, height: ROW_HEIGHT }}>
      <Group h="100%" gap="sm" wrap="nowrap" pr="xs">
        <Box w={20} style={{ flex: 'none', display: 'flex' }} aria-hidden>
          {hasChildren && (
            <IconChevronRight
              size={18}
              className={classes.chevron}
              data-expanded={expanded || undefined}
              color="var(--mantine-color-dimmed)"
            />
          )}
        </Box>
        {category.image?.url ? (
          <Image src={category.image.url} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flex: 'none' }} />
        ) : (
          <ThemeIcon variant="light" color="gray" size={40} radius="sm" style={{ flex: 'none' }} aria-hidden>
            <IconFolder size={20} />
          </ThemeIcon>
        )}
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <TruncatedText fw={600} focusable={false}>
              {category.name}
            </TruncatedText>
            {!category.active && (
              <WholeBadge size="xs" color="gray" variant="outline">
                Inactive
              </WholeBadge>
            )}
          </Group>
          {/* The tree row, focused itself, names the whole category; the tooltips are for the mouse. */}
          <TruncatedText size="xs" c="dimmed" focusable={false}>
            {`/${category.slug}${
              hasChildren
                ? ` · ${category.children.length} subcategor${category.children.length === 1 ? 'y' : 'ies'}`
                : ''
            }`}
          </TruncatedText>
        </Box>
        {/* The row toggles its branch on click and Space: the button's own clicks and keys stay with it. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops events from reaching the tree row */}
        <span
          style={{ flex: 'none' }}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {action}
        </span>
      </Group>
    </Box>
  );
}
