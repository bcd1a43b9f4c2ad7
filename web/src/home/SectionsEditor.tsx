import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  ColorInput,
  Divider,
  Grid,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAd2,
  IconAlertTriangle,
  IconCategory,
  IconChevronDown,
  IconLayoutRows,
  IconPhoto,
  IconPlus,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { MAX_SECTION_ARTICLES, MAX_SECTIONS, type SectionType } from '../../../shared/schemas/layout';
import { type CategoryOption, useCategoryList } from '../categories/api';
import { FormError } from '../common/FormError';
import { notifyError } from '../common/notify';
import scroll from '../common/ScrollMargin.module.css';
import { ArticlePicker } from './ArticlePicker';
import { bodyInput, type PlacedArticle, type TemplateValue } from './api';
import { type LayoutEditorProps, SaveBar, useLayoutSave } from './LayoutScreen';
import { PlacedArticleList } from './PlacedArticleList';
import { SortableStack } from './SortableStack';
import {
  displayName,
  draftsOf,
  newSection,
  SECTION_SWATCHES,
  type SectionDraft,
  type SectionErrors,
  type SectionField,
  sectionProblems,
  sectionsInput,
  TEMPLATE_CHOICES,
  templateLabel,
} from './sections';

export const ADVERTISEMENT_NOTICE = 'Advertisement sections are not available yet';

const TYPE_ICONS: Record<SectionType, ReactNode> = {
  Category: <IconCategory size={16} />,
  Video: <IconVideo size={16} />,
  Gallery: <IconPhoto size={16} />,
};

const TYPE_HINTS: Record<SectionType, string> = {
  Category: 'Stories from one category',
  Video: 'Published videos',
  Gallery: 'Published photo galleries',
};

const validColor = (color: string) => /^#[0-9a-fA-F]{6}$/.test(color.trim());

/** Add, order and fill the home page's sections; the headlines, top stories and cover story are sent as read. */
export function SectionsEditor({ layout, reload, readOnly }: LayoutEditorProps) {
  const saved = useMemo(() => draftsOf(layout.body.sections), [layout.body.sections]);
  const [drafts, setDrafts] = useState<SectionDraft[]>(saved);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(saved.length === 1 ? saved.map((draft) => draft.key) : []),
  );
  const [errors, setErrors] = useState<Record<string, SectionErrors>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  const listRef = useRef<HTMLDivElement>(null);
  const categories = useCategoryList();
  const { saving, failure, save, clearFailure } = useLayoutSave(layout, 'Section Successfully Updated');

  const savedInput = useMemo(() => JSON.stringify(sectionsInput(saved)), [saved]);
  const dirty = JSON.stringify(sectionsInput(drafts)) !== savedInput;
  const full = drafts.length >= MAX_SECTIONS;

  const setOpen = (key: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  const update = (key: string, change: Partial<SectionDraft>, fields: SectionField[]) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
    if (errors[key] && fields.some((field) => errors[key]?.[field])) {
      setErrors((current) => {
        const remaining = { ...current[key] };
        for (const field of fields) delete remaining[field];
        return { ...current, [key]: remaining };
      });
    }
  };

  const add = (type: SectionType) => {
    if (full) return;
    nextKey.current += 1;
    const draft = newSection(type, `new-${nextKey.current}`);
    setDrafts((current) => [...current, draft]);
    setOpen(draft.key, true);
    // The new section is at the bottom: bring it into view so its name can be typed at once.
    scrollToSection(draft.key);
  };

  /** After the next paint, when a just-added or just-opened section has its height. */
  const scrollToSection = (key: string | undefined) =>
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector(`[data-section="${key}"]`)
        ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }),
    );

  const remove = (key: string) => {
    setDrafts((current) => current.filter((draft) => draft.key !== key));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const discard = () => {
    setDrafts(saved);
    setErrors({});
    setProblem(null);
    clearFailure();
  };

  const onSave = () => {
    const body = { ...bodyInput(layout.body), sections: sectionsInput(drafts) };
    const known = categories.data ? new Set(categories.data.map((c) => c._id)) : null;
    const { bySection, other } = sectionProblems(body, drafts, known);
    setErrors(bySection);
    setProblem(other);
    const flagged = drafts.filter((draft) => Object.keys(bySection[draft.key] ?? {}).length > 0);
    if (flagged.length > 0 || other) {
      setExpanded((current) => new Set([...current, ...flagged.map((draft) => draft.key)]));
      if (flagged.length > 0) {
        notifyError(
          `${flagged.length === 1 ? 'One section needs' : `${flagged.length} sections need`} attention before saving`,
          'The sections were not saved',
        );
        scrollToSection(flagged[0]?.key);
      }
      return;
    }
    void save(body);
  };

  const addMenu = <AddSectionMenu onAdd={add} disabledReason={full ? `At most ${MAX_SECTIONS} sections` : null} />;

  return (
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={failure} onReload={reload} />
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="center" mb="sm" gap="xs">
          <div>
            <Title order={3} fz="md">
              Sections
            </Title>
            <Text size="sm" c="dimmed">
              Shown on the home page from top to bottom, under the headlines.
            </Text>
          </div>
          {drafts.length > 0 && !readOnly && addMenu}
        </Group>
        {drafts.length === 0 ? (
          <Paper withBorder radius="md" p="xl" shadow="none" style={{ borderStyle: 'dashed' }}>
            <Stack align="center" gap={6} ta="center">
              <ThemeIcon variant="light" size={40} radius="xl">
                <IconLayoutRows size={20} />
              </ThemeIcon>
              <Text fw={600} size="sm">
                No sections yet
              </Text>
              <Text size="sm" c="dimmed" maw={400} mb="xs">
                {readOnly
                  ? 'The home page shows no sections under the headlines at the moment.'
                  : 'Add a section of a category’s stories, of videos or of photo galleries.'}
              </Text>
              {!readOnly && addMenu}
            </Stack>
          </Paper>
        ) : (
          <Box ref={listRef}>
            <SortableStack
              label="Home page sections"
              items={drafts}
              idOf={(draft) => draft.key}
              nameOf={displayName}
              onReorder={setDrafts}
              gap={10}
              renderItem={(draft, index, controls) => (
                <SectionCard
                  draft={draft}
                  position={index + 1}
                  errors={errors[draft.key]}
                  open={expanded.has(draft.key)}
                  onToggle={() => setOpen(draft.key, !expanded.has(draft.key))}
                  onChange={(change, fields) => update(draft.key, change, fields)}
                  onRemove={() => remove(draft.key)}
                  categories={categories}
                  readOnly={readOnly}
                  handle={controls.handle}
                  moveButtons={controls.moveButtons}
                  dragging={controls.dragging}
                />
              )}
            />
          </Box>
        )}
      </Paper>
      {!readOnly && <SaveBar dirty={dirty} saving={saving} onSave={onSave} onDiscard={discard} layout={layout} />}
    </Stack>
  );
}

function AddSectionMenu({
  onAdd,
  disabledReason,
}: {
  onAdd: (type: SectionType) => void;
  disabledReason: string | null;
}) {
  const button = (
    <Button
      leftSection={<IconPlus size={16} />}
      rightSection={<IconChevronDown size={14} />}
      disabled={Boolean(disabledReason)}
    >
      Add section
    </Button>
  );
  if (disabledReason) {
    return (
      <Tooltip label={disabledReason} withArrow>
        <span>{button}</span>
      </Tooltip>
    );
  }
  return (
    <Menu position="bottom-end" width={280} withinPortal shadow="md">
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Section type</Menu.Label>
        {(['Category', 'Video', 'Gallery'] as const).map((type) => (
          <Menu.Item key={type} leftSection={TYPE_ICONS[type]} onClick={() => onAdd(type)}>
            <Text size="sm">{type}</Text>
            <Text size="xs" c="dimmed">
              {TYPE_HINTS[type]}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* SPEC §2: offered, but it does nothing; the API has no such section. */}
        <Menu.Item
          leftSection={<IconAd2 size={16} />}
          rightSection={
            <Badge size="xs" variant="light" color="gray">
              Soon
            </Badge>
          }
          onClick={() =>
            notifications.show({
              color: 'gray',
              title: ADVERTISEMENT_NOTICE,
              message: 'Nothing was added. Choose a Category, Video or Gallery section instead.',
              autoClose: 5000,
            })
          }
        >
          <Text size="sm">Advertisement</Text>
          <Text size="xs" c="dimmed">
            Not available yet
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface SectionCardProps {
  draft: SectionDraft;
  position: number;
  errors: SectionErrors | undefined;
  open: boolean;
  onToggle: () => void;
  onChange: (change: Partial<SectionDraft>, fields: SectionField[]) => void;
  onRemove: () => void;
  categories: ReturnType<typeof useCategoryList>;
  /** Shown, not changed: no handle, arrows, remove or article search; fields disabled. */
  readOnly: boolean;
  handle: ReactNode;
  moveButtons: ReactNode;
  dragging: boolean;
}

function SectionCard(props: SectionCardProps) {
  const { draft, position, errors, open, onToggle, onRemove, readOnly, handle, moveButtons, dragging } = props;
  const toggleLabel = open ? (readOnly ? 'Hide details' : 'Collapse') : readOnly ? 'Show details' : 'Edit';
  const name = displayName(draft);
  const flagged = errors !== undefined && Object.keys(errors).length > 0;
  const color = validColor(draft.color) ? draft.color : 'var(--mantine-color-gray-4)';
  const bodyId = `section-${draft.key}`;
  const summary = [
    draft.type === 'Category' ? draft.category?.name || 'No category' : null,
    templateLabel(draft.template),
    `${draft.articles.length} ${draft.articles.length === 1 ? 'article' : 'articles'}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Paper
      withBorder
      radius="md"
      shadow={dragging ? 'md' : 'none'}
      data-section={draft.key}
      style={{ borderLeft: `4px solid ${color}`, scrollMarginTop: 80 }}
    >
      <Group gap={6} wrap="nowrap" p={6} pr="xs" pl={readOnly ? 'sm' : 6}>
        {!readOnly && handle}
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        >
          <Group gap={8} wrap="nowrap" miw={0}>
            <Text size="sm" fw={700} c="dimmed" aria-hidden style={{ flex: 'none' }}>
              {position}.
            </Text>
            <Box miw={0}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text size="sm" fw={600} truncate="end">
                  {name}
                </Text>
                <Badge size="xs" variant="light" leftSection={TYPE_ICONS[draft.type]} style={{ flex: 'none' }}>
                  {draft.type}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {summary}
              </Text>
            </Box>
            {flagged && (
              <Badge size="xs" color="red" variant="light" style={{ flex: 'none' }}>
                Needs attention
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
          {!readOnly && moveButtons}
          <Tooltip label={toggleLabel} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={onToggle}
              aria-expanded={open}
              aria-controls={bodyId}
              aria-label={`${toggleLabel} ${name}`}
            >
              <IconChevronDown
                size={16}
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
              />
            </ActionIcon>
          </Tooltip>
          {!readOnly && (
            <Tooltip label="Remove section" withArrow>
              <ActionIcon variant="subtle" color="red" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Collapse expanded={open} id={bodyId}>
        <Divider />
        <SectionFields {...props} />
      </Collapse>
    </Paper>
  );
}

function SectionFields({ draft, errors, onChange, categories, readOnly }: SectionCardProps) {
  const chosenIds = useMemo(() => new Set(draft.articles.map((a) => a._id)), [draft.articles]);
  const full = draft.articles.length >= MAX_SECTION_ARTICLES;
  const name = displayName(draft);

  const addArticle = (article: PlacedArticle) => {
    if (full || chosenIds.has(article._id)) return;
    onChange({ articles: [...draft.articles, article] }, ['articles']);
  };

  const chooseCategory = (id: string | null) => {
    const category = categories.data?.find((c) => c._id === id) ?? null;
    const change: Partial<SectionDraft> = { category: category ? { _id: category._id, name: category.name } : null };
    // A new category section is usually named after its category.
    if (category && !draft.name.trim()) change.name = category.name;
    onChange(change, ['category', 'name']);
  };

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: draft.type === 'Category' ? 3 : 4 }}>
          <TextInput
            label="Section name"
            placeholder={
              draft.type === 'Category' ? 'e.g. Sports' : `e.g. ${draft.type === 'Video' ? 'Watch' : 'In pictures'}`
            }
            value={draft.name}
            onChange={(event) => onChange({ name: event.currentTarget.value }, ['name'])}
            error={errors?.name}
            withAsterisk={!readOnly}
            disabled={readOnly}
            maxLength={100}
          />
        </Grid.Col>
        {draft.type === 'Category' && (
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <CategorySelect
              categories={categories}
              value={draft.category}
              onChange={chooseCategory}
              error={errors?.category}
              disabled={readOnly}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 6, lg: draft.type === 'Category' ? 3 : 4 }}>
          <Select
            label="Template"
            data={TEMPLATE_CHOICES}
            value={draft.template}
            onChange={(value) => value && onChange({ template: value as TemplateValue }, ['template'])}
            allowDeselect={false}
            error={errors?.template}
            withAsterisk={!readOnly}
            disabled={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: draft.type === 'Category' ? 3 : 4 }}>
          <ColorInput
            label="Colour"
            format="hex"
            value={draft.color}
            onChange={(value) => onChange({ color: value }, ['color'])}
            swatches={SECTION_SWATCHES}
            swatchesPerRow={9}
            withEyeDropper={false}
            error={errors?.color}
            withAsterisk={!readOnly}
            disabled={readOnly}
            placeholder="#1c4a92"
          />
        </Grid.Col>
      </Grid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: readOnly ? 12 : 7 }}>
          <Group justify="space-between" align="baseline" mb={6} gap="xs">
            <Text size="sm" fw={600}>
              Articles
            </Text>
            <Text size="xs" c="dimmed">
              {draft.articles.length} chosen
            </Text>
          </Group>
          <PlacedArticleList
            label={`Articles of ${name}`}
            articles={draft.articles}
            onChange={(articles) => onChange({ articles }, ['articles'])}
            readOnly={readOnly}
            emptyTitle="No articles yet"
            emptyHint={
              readOnly
                ? 'This section shows no chosen articles.'
                : draft.type === 'Category'
                  ? 'Choose the category, then add its published stories from the search.'
                  : `Add published ${draft.type === 'Video' ? 'videos' : 'galleries'} from the search.`
            }
          />
          {errors?.articles && (
            <Text size="sm" c="red" mt={6} role="alert">
              {errors.articles}
            </Text>
          )}
        </Grid.Col>
        {!readOnly && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p="sm" shadow="none" bg="gray.0">
              <ArticlePicker
                bare
                chosenIds={chosenIds}
                onPick={addArticle}
                type={draft.type === 'Category' ? undefined : draft.type}
                category={draft.type === 'Category' ? draft.category?._id : undefined}
                blockedReason={
                  draft.type === 'Category' && !draft.category
                    ? 'Choose the section’s category first; the search then shows its published stories.'
                    : null
                }
                fullReason={full ? `A section holds at most ${MAX_SECTION_ARTICLES} articles.` : null}
              />
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

interface CategorySelectProps {
  categories: ReturnType<typeof useCategoryList>;
  value: SectionDraft['category'];
  onChange: (id: string | null) => void;
  error?: string;
  disabled?: boolean;
}

function CategorySelect({ categories, value, onChange, error, disabled }: CategorySelectProps) {
  const options = useMemo(() => {
    const list: CategoryOption[] = categories.data ?? [];
    const choices = list.map((c) => ({ value: c._id, label: c.active ? c.name : `${c.name} (inactive)` }));
    // A category deleted since the layout was saved still shows, so the editor sees what to replace.
    if (value && categories.data && !list.some((c) => c._id === value._id)) {
      choices.unshift({ value: value._id, label: value.name || 'Deleted category' });
    }
    return choices;
  }, [categories.data, value]);
  let description: string | undefined;
  if (categories.error && !categories.data) description = 'The categories could not be loaded; reload the page.';
  else if (categories.data?.length === 0)
    description = 'There are no categories yet; add them under Manage Categories.';
  return (
    <Select
      label="Category"
      placeholder={categories.data ? 'Choose a category' : 'Loading categories…'}
      data={options}
      value={value?._id ?? null}
      onChange={onChange}
      searchable
      nothingFoundMessage="No category matches"
      error={error}
      description={disabled ? undefined : description}
      withAsterisk={!disabled}
      disabled={disabled}
      allowDeselect={false}
    />
  );
}
