import { Button, Divider, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLink, IconListTree, IconPlus } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MENU_NAMES } from '../../../shared/constants';
import {
  MAX_MENU_ITEMS,
  type MenuItem,
  menuItemSchema,
  menuSchema,
  menuTreeProblem,
} from '../../../shared/schemas/menu';
import type { ScreenProps } from '../app/screen';
import { type CategoryOption, useCategoryList } from '../categories/api';
import { DashedEmpty } from '../common/DashedEmpty';
import { FormError } from '../common/FormError';
import { CreateRecordScreen, EditRecordScreen, type RecordFormProps } from '../common/form/form-screens';
import { ListLoading, ListRetry } from '../common/ListStates';
import { notifyError, notifySuccess } from '../common/notify';

import scroll from '../common/ScrollMargin.module.css';
import { createMenu, type Menu, type MenuName, revalidateMenus, updateMenu, useMenu } from './api';
import { CategoryChecklist } from './CategoryChecklist';
import { MenuTree } from './MenuTree';
import { addItem, normalizeItems, removeItem } from './menu-tree';

const NAME_CHOICES = MENU_NAMES.map(({ value, label }) => ({ value, label }));
const FULL = `A menu holds at most ${MAX_MENU_ITEMS} items`;

/** A custom link's item id (categories use their own id); randomUUID needs a secure context, hence the fallback. */
const customLinkId = () =>
  `custom-${globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;

/** CONTRACT.md §2 Menu editor for a new menu (at /create). */
export const CreateMenuPage = (screen: ScreenProps) => <CreateRecordScreen {...screen} form={MenuEditor} />;

/** CONTRACT.md §2 Menu editor for an existing menu. */
export const EditMenuPage = (screen: ScreenProps) => (
  <EditRecordScreen {...screen} noun="menu" useRecord={useMenu} form={MenuEditor} />
);

function MenuEditor({ record: menu, reload, backTo }: RecordFormProps<Menu>) {
  const navigate = useNavigate();
  const categories = useCategoryList();
  const [name, setName] = useState<MenuName | null>(menu?.name ?? null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [items, setItems] = useState<MenuItem[]>(() => normalizeItems(menu?.items ?? []));
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const checked = useMemo(
    () => new Set(items.filter((item) => item.menuType === 'category').map((item) => item.itemId)),
    [items],
  );
  const full = items.length >= MAX_MENU_ITEMS;

  /** Checking a category adds it, under its parent category when that is in the menu; unchecking removes it. */
  const toggleCategory = (category: CategoryOption, on: boolean) => {
    if (!on) {
      setItems((current) => removeItem(current, category._id));
      return;
    }
    setItems((current) =>
      current.length >= MAX_MENU_ITEMS || current.some((item) => item.itemId === category._id)
        ? current
        : addItem(
            current,
            {
              itemId: category._id,
              title: category.name,
              url: `/${category.slug}`,
              menuType: 'category',
              expanded: true,
            },
            category.parent,
          ),
    );
  };

  const addLink = (title: string, url: string) => {
    if (full) return;
    setItems((current) =>
      addItem(current, { itemId: customLinkId(), title, url, menuType: 'custom', expanded: true }, null),
    );
  };

  const save = async () => {
    setFailure(null);
    const parsed = menuSchema.safeParse({ name: name ?? undefined, items });
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === 'name');
      if (nameIssue) setNameError(nameIssue.message);
      else notifyError(parsed.error.issues[0]?.message ?? 'The menu is not valid', 'The menu was not saved');
      return;
    }
    const problem = menuTreeProblem(parsed.data.items);
    if (problem) {
      notifyError(problem, 'The menu was not saved');
      return;
    }
    setSaving(true);
    try {
      if (menu) {
        await updateMenu(menu._id, { version: menu.version, ...parsed.data });
      } else {
        await createMenu(parsed.data);
      }
      notifySuccess('Menu Updated Successfully');
      void revalidateMenus(menu?._id);
      navigate('/menu');
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  let picker: ReactNode;
  if (categories.data) {
    picker =
      categories.data.length > 0 ? (
        <CategoryChecklist
          categories={categories.data}
          checked={checked}
          onToggle={toggleCategory}
          fullReason={full ? FULL : undefined}
        />
      ) : (
        <Text size="sm" c="dimmed">
          There are no categories yet. Add them under Manage Categories.
        </Text>
      );
  } else if (categories.error) {
    picker = <ListRetry onRetry={() => void categories.mutate()} busy={categories.isValidating} />;
  } else {
    picker = <ListLoading label="Loading categories" />;
  }

  return (
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={failure} onReload={reload} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Title order={2} fz="md" mb={4}>
              Categories
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Tick a category to add it to the menu; untick it to take it out.
            </Text>
            {picker}
            <Divider my="md" />
            <CustomLinkForm onAdd={addLink} disabledReason={full ? FULL : undefined} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Select
              label="Menu"
              placeholder="Choose Top Menu or Footer Menu"
              data={NAME_CHOICES}
              value={name}
              onChange={(value) => {
                setName(value as MenuName | null);
                setNameError(null);
              }}
              allowDeselect={false}
              withAsterisk
              error={nameError}
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
              <MenuTree
                items={items}
                onChange={setItems}
                onRemove={(item) => setItems((current) => removeItem(current, item.itemId))}
              />
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
        <Button onClick={() => void save()} loading={saving}>
          SAVE
        </Button>
      </Group>
    </Stack>
  );
}

/** Why a custom link's URL cannot be stored (the menu item schema's rule, checked as it is added), or undefined. */
function customUrlProblem(url: string): string | undefined {
  if (!url.trim()) return 'URL is required';
  const parsed = menuItemSchema.shape.url.safeParse(url);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The custom link form's fields, in order, at the lengths a menu item takes. */
const CUSTOM_LINK_FIELDS = [
  { name: 'title', label: 'Title', placeholder: 'e.g. Home', maxLength: 100 },
  { name: 'url', label: 'URL', placeholder: 'e.g. / or https://…', maxLength: 500 },
] as const;

const NO_CUSTOM_LINK = { title: '', url: '' };

/** A link that is not a category (e.g. Home or Contact): a title and a URL. */
function CustomLinkForm({
  onAdd,
  disabledReason,
}: {
  onAdd: (title: string, url: string) => void;
  disabledReason?: string;
}) {
  const [values, setValues] = useState(NO_CUSTOM_LINK);
  const [errors, setErrors] = useState<{ title?: string; url?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      title: values.title.trim() ? undefined : 'Title is required',
      url: customUrlProblem(values.url),
    };
    setErrors(next);
    if (next.title || next.url) return;
    onAdd(values.title.trim(), values.url.trim());
    setValues(NO_CUSTOM_LINK);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a custom link">
      <Group gap={6} mb="xs">
        <IconLink size={16} />
        <Text fw={600} size="sm">
          Custom link
        </Text>
      </Group>
      <Stack gap="xs">
        {CUSTOM_LINK_FIELDS.map(({ name, ...field }) => (
          <TextInput
            key={name}
            {...field}
            value={values[name]}
            error={errors[name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [name]: value }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={disabledReason !== undefined}
            title={disabledReason}
          >
            Add link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
