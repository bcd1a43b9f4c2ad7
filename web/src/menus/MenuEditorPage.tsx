import { Button, Divider, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconListTree } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { MENU_NAMES } from '../../../shared/constants';
import { MAX_MENU_ITEMS } from '../../../shared/schemas/menu';
import type { ScreenProps } from '../app/screen';
import { type CategoryOption, useCategoryList } from '../categories/api';
import { DashedEmpty } from '../common/DashedEmpty';
import { FormError } from '../common/FormError';
import { CreateRecordScreen, EditRecordScreen, type RecordFormProps } from '../common/form/form-screens';
import { ListLoading, ListRetry } from '../common/ListStates';
import scroll from '../common/ScrollMargin.module.css';
import { type Menu, type MenuName, useMenu } from './api';
import { CategoryChecklist } from './CategoryChecklist';
import { CustomLinkForm } from './CustomLinkForm';
import { MenuTree } from './MenuTree';
import { useMenuDraft } from './use-menu-draft';

const NAME_CHOICES = MENU_NAMES.map(({ value, label }) => ({ value, label }));
const MENU_FULL = `A menu holds at most ${MAX_MENU_ITEMS} items`;

/** CONTRACT.md §2 Menu editor for a new menu (at /create). */
export const CreateMenuPage = (screen: ScreenProps) => <CreateRecordScreen {...screen} form={MenuEditor} />;

/** CONTRACT.md §2 Menu editor for an existing menu. */
export const EditMenuPage = (screen: ScreenProps) => (
  <EditRecordScreen {...screen} noun="menu" useRecord={useMenu} form={MenuEditor} />
);

function MenuEditor({ record: menu, reload, backTo }: RecordFormProps<Menu>) {
  const categories = useCategoryList();
  const draft = useMenuDraft(menu);
  const { items, full } = draft;

  return (
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={draft.failure} onReload={reload} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Title order={2} fz="md" mb={4}>
              Categories
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Tick a category to add it to the menu; untick it to take it out.
            </Text>
            <CategoryPicker
              categories={categories}
              checked={draft.checked}
              onToggle={draft.toggleCategory}
              full={full}
            />
            <Divider my="md" />
            <CustomLinkForm onAdd={draft.addLink} disabledReason={full ? MENU_FULL : undefined} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Select
              label="Menu"
              placeholder="Choose Top Menu or Footer Menu"
              data={NAME_CHOICES}
              value={draft.name}
              onChange={(value) => draft.chooseName(value as MenuName | null)}
              allowDeselect={false}
              withAsterisk
              error={draft.nameError}
              maw={360}
            />
            <Group justify="space-between" align="baseline" mt="lg" mb={4} gap="xs">
              <Title order={2} fz="md">
                Menu items
              </Title>
              <Text size="xs" c="dimmed">
                {items.length} of {MAX_MENU_ITEMS}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              Drag an item by its handle to reorder it; drag it right to nest it under the item above (up to 3 levels).
              Keyboard: focus the handle, press Space, use the arrow keys, press Space to drop.
            </Text>
            {items.length > 0 ? (
              <MenuTree items={items} onChange={draft.setItems} onRemove={draft.removeItem} />
            ) : (
              <DashedEmpty
                icon={<IconListTree size={20} />}
                title="No items yet"
                hint="Tick categories on the left, or add a custom link."
                padding="xl"
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" gap="sm">
        {backTo && (
          <Button component={Link} to={backTo} variant="default">
            Cancel
          </Button>
        )}
        <Button onClick={() => void draft.save()} loading={draft.saving}>
          SAVE
        </Button>
      </Group>
    </Stack>
  );
}

interface CategoryPickerProps {
  categories: ReturnType<typeof useCategoryList>;
  checked: ReadonlySet<string>;
  onToggle: (category: CategoryOption, on: boolean) => void;
  full: boolean;
}

/** The categories to tick, or why there are none yet: still loading, failed (with Retry), or none made. */
function CategoryPicker({ categories, checked, onToggle: toggleCategory, full }: CategoryPickerProps) {
  if (categories.data) {
    return categories.data.length > 0 ? (
      <CategoryChecklist
        categories={categories.data}
        checked={checked}
        onToggle={toggleCategory}
        fullReason={full ? MENU_FULL : undefined}
      />
    ) : (
      <Text size="sm" c="dimmed">
        There are no categories yet. Add them under Manage Categories.
      </Text>
    );
  }
  if (categories.error) {
    return <ListRetry onRetry={() => void categories.mutate()} busy={categories.isValidating} />;
  }
  return <ListLoading label="Loading categories" />;
}
